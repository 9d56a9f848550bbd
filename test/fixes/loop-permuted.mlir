// An scf.for whose trip count is not known and whose yield only permutes
// its iter_args (a swap, a rotation): which init each result holds depends
// on the trip count, but the results of one cycle are its inits on every
// path. Freeing all results, then using one init, is a use after free on
// every path; the deallocs of the results become deallocs of the inits the
// use does not need (gen seed 14138).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

// The function returns one of the swapped buffers: the other is freed.
// FIXED-LABEL: func.func @swap_returned(
// FIXED:         scf.yield %y, %x
// FIXED-NEXT:    }
// FIXED-NEXT:    memref.dealloc %a : memref<16xf32>
// FIXED-NEXT:    return %b : memref<16xf32>
func.func @swap_returned(%n: index) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %r1, %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<16xf32>, memref<16xf32>) {
    %v = memref.load %x[%c0] : memref<16xf32>
    scf.yield %y, %x : memref<16xf32>, memref<16xf32>
  }
  memref.dealloc %r1 : memref<16xf32>
  memref.dealloc %r2 : memref<16xf32>
  return %b : memref<16xf32>
}

// A rotation of three, then a load of one of them: it is freed after the
// load, the two others where the results were.
// FIXED-LABEL: func.func @rotate_loaded(
// FIXED:         scf.yield %y, %z, %x
// FIXED-NEXT:    }
// FIXED-NEXT:    memref.dealloc %a : memref<16xf32>
// FIXED-NEXT:    memref.dealloc %b : memref<16xf32>
// FIXED-NEXT:    %v = memref.load %c[%c0] : memref<16xf32>
// FIXED-NEXT:    memref.dealloc %c : memref<16xf32>
// FIXED-NEXT:    return %v : f32
func.func @rotate_loaded(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  %r1, %r2, %r3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %c) -> (memref<16xf32>, memref<16xf32>, memref<16xf32>) {
    scf.yield %y, %z, %x : memref<16xf32>, memref<16xf32>, memref<16xf32>
  }
  memref.dealloc %r1 : memref<16xf32>
  memref.dealloc %r2 : memref<16xf32>
  memref.dealloc %r3 : memref<16xf32>
  %v = memref.load %c[%c0] : memref<16xf32>
  return %v : f32
}
