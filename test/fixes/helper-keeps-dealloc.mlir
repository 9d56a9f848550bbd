// A helper that only frees its argument, called twice on one buffer on
// some paths (the caller's calls decide which): its dealloc is the second
// free of every such pair, but deleting it would make every call of it free
// nothing. The fix-it edits the calls instead (free each once), and the
// helper keeps its dealloc.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null

// MSG: applied 1 fix-it, 0 findings left

// FIXED-LABEL: func.func @g_free(
// FIXED-NEXT:    memref.dealloc %m : memref<4xf32>
// FIXED-LABEL: func.func @kernel(
// FIXED:         func.call @g_free(%a1) : (memref<4xf32>) -> ()
// FIXED-NEXT:    memref.dealloc %a2 : memref<4xf32>
// FIXED-NEXT:    return %x : f32

func.func @g_free(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}

func.func @kernel(%c0: i1, %c3: i1) -> f32 {
  %i0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a1 = memref.alloc() : memref<4xf32>
  %a2 = memref.alloc() : memref<4xf32>
  memref.store %one, %a1[%i0] : memref<4xf32>
  memref.store %one, %a2[%i0] : memref<4xf32>
  %sel = arith.select %c0, %a1, %a2 : memref<4xf32>
  %x = memref.load %sel[%i0] : memref<4xf32>
  scf.if %c3 {
    %cast = memref.cast %a1 : memref<4xf32> to memref<?xf32>
    %back = memref.cast %cast : memref<?xf32> to memref<4xf32>
    func.call @g_free(%back) : (memref<4xf32>) -> ()
  } else {
    memref.dealloc %a2 : memref<4xf32>
  }
  func.call @g_free(%sel) : (memref<4xf32>) -> ()
  return %x : f32
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %0 = func.call @kernel(%t, %t) : (i1, i1) -> f32
  %1 = func.call @kernel(%t, %f) : (i1, i1) -> f32
  %2 = func.call @kernel(%f, %t) : (i1, i1) -> f32
  %3 = func.call @kernel(%f, %f) : (i1, i1) -> f32
  %ok = arith.constant 0 : i32
  return %ok : i32
}
