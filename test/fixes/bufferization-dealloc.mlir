// Fix-its that take one memref out of a bufferization.dealloc, which frees
// several (upstream buffer-deallocation-simplification tests), and a free
// of memory the function owns on some paths only, guarded (gen seed 17109).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 5 fix-its, 0 findings left

// Freed when %c, then returned: the caller owns it, the dealloc keeps only
// its retained list (its results are used).
func.func @returned(%c: i1, %arg: memref<2xi32>) -> (i1, memref<2xi32>) {
  %alloc = memref.alloc() : memref<2xi32>
  %0 = bufferization.dealloc (%alloc : memref<2xi32>) if (%c) retain (%arg : memref<2xi32>)
  return %0, %alloc : i1, memref<2xi32>
}
// FIXED-LABEL: func.func @returned
// FIXED-NEXT:  %alloc = memref.alloc() : memref<2xi32>
// FIXED-NEXT:  %0 = bufferization.dealloc retain (%arg : memref<2xi32>)
// FIXED-NEXT:  return %0, %alloc

// An argument among the memrefs: it goes, with its condition.
func.func @argument(%a: memref<2xi32>, %b: memref<2xi32>, %c: i1) -> (memref<2xi32>, i1) {
  %true = arith.constant true
  %alloc = memref.alloc() : memref<2xi32>
  %0 = bufferization.dealloc (%alloc, %b : memref<2xi32>, memref<2xi32>) if (%true, %c) retain (%a : memref<2xi32>)
  return %a, %0 : memref<2xi32>, i1
}
// FIXED-LABEL: func.func @argument
// FIXED:       %0 = bufferization.dealloc (%alloc : memref<2xi32>) if (%true) retain (%a : memref<2xi32>)

// The same argument twice: both go.
func.func @twice(%a: memref<5xf32>, %b: memref<6xf32>, %c: i1) -> i1 {
  %0 = bufferization.dealloc (%a, %a : memref<5xf32>, memref<5xf32>) if (%c, %c) retain (%b : memref<6xf32>)
  return %0 : i1
}
// FIXED-LABEL: func.func @twice
// FIXED-NEXT:  %0 = bufferization.dealloc retain (%b : memref<6xf32>)

// Nothing else to free and no result used: the op goes.
func.func @alone(%a: memref<5xf32>, %c: i1) {
  bufferization.dealloc (%a : memref<5xf32>) if (%c)
  return
}
// FIXED-LABEL: func.func @alone
// FIXED-NEXT:  return

// An allocation when %c, the caller's buffer otherwise: freed only when %c.
func.func @sometimes_own(%c: i1, %arg: memref<16xf32>) {
  %cst = arith.constant 1.0 : f32
  %i0 = arith.constant 0 : index
  %r = scf.if %c -> (memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    scf.yield %a : memref<16xf32>
  } else {
    scf.yield %arg : memref<16xf32>
  }
  memref.store %cst, %r[%i0] : memref<16xf32>
  %cast = memref.cast %r : memref<16xf32> to memref<?xf32>
  memref.dealloc %cast : memref<?xf32>
  return
}
// FIXED-LABEL: func.func @sometimes_own
// FIXED:       %cast = memref.cast %r
// FIXED-NEXT:  scf.if %c {
// FIXED-NEXT:    memref.dealloc %cast : memref<?xf32>
// FIXED-NEXT:  }
// FIXED-NEXT:  return
