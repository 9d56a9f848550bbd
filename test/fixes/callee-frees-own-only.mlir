// A callee that frees what an scf.if yields, a fresh buffer or its caller's
// buffer: the caller's uses after free and double free are fixed in the
// callee, whose dealloc runs only when it holds its own allocation (the
// fix-it of its invalid free, tried for the findings its callers get too).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

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
  memref.dealloc %r : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @sometimes_own(
// FIXED:         memref.store %cst, %r[%i0] : memref<16xf32>
// FIXED-NEXT:    scf.if %c {
// FIXED-NEXT:      memref.dealloc %r : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return

func.func @caller(%c: i1) -> f32 {
  %i0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<16xf32>
  func.call @sometimes_own(%c, %buf) : (i1, memref<16xf32>) -> ()
  %v = memref.load %buf[%i0] : memref<16xf32>
  memref.dealloc %buf : memref<16xf32>
  return %v : f32
}
// FIXED-LABEL: func.func @caller(
// FIXED:         func.call @sometimes_own(%c, %buf) : (i1, memref<16xf32>) -> ()
// FIXED-NEXT:    %v = memref.load %buf[%i0] : memref<16xf32>
// FIXED-NEXT:    memref.dealloc %buf : memref<16xf32>
