// A dealloc in the caller, then a call of a helper that frees its argument
// again (gen seed 13076): a double free in the helper and a use after free
// at the call. Deleting the helper's dealloc would leak at its other call;
// deleting the caller's own, first dealloc fixes both findings.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @g_free(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}

// FIXED-LABEL: func.func @f(
// FIXED:         func.call @g_free(%a)
// FIXED:         scf.if %c {
// FIXED-NEXT:      func.call @g_free(%r)
// FIXED-NEXT:    }
func.func @f(%c: i1, %arg: memref<16xf32>) {
  %a = memref.alloc() : memref<16xf32>
  func.call @g_free(%a) : (memref<16xf32>) -> ()
  %r = scf.if %c -> (memref<16xf32>) {
    %b = memref.alloc() : memref<16xf32>
    scf.yield %b : memref<16xf32>
  } else {
    scf.yield %arg : memref<16xf32>
  }
  scf.if %c {
    memref.dealloc %r : memref<16xf32>
    func.call @g_free(%r) : (memref<16xf32>) -> ()
  }
  return
}
