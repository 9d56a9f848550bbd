// A buffer that two branches each free through a helper, the call given a
// cast of the buffer and back: a double free when both run, a leak when
// neither does. Free once deleted both calls and freed the buffer with a
// dealloc, which left the helper with no caller that owns its argument (an
// invalid free); the call moves instead, as a call of the buffer itself,
// after its last use (gen seed 61105).
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
// FIXED:         scf.if %c0 {
// FIXED-NOT:       call @g_free
// FIXED:         scf.if %c1 {
// FIXED-NEXT:    } else {
// FIXED-NOT:       call @g_free
// FIXED:           %cast5 = memref.cast
// FIXED-NEXT:    }
// FIXED-NEXT:    func.call @g_free(%a1) : (memref<16xf32>) -> ()
// FIXED-NEXT:    return
func.func @f(%c0: i1, %c1: i1) {
  %a1 = memref.alloc() : memref<16xf32>
  scf.if %c0 {
    %cast2 = memref.cast %a1 : memref<16xf32> to memref<?xf32>
    %cast3 = memref.cast %cast2 : memref<?xf32> to memref<16xf32>
    func.call @g_free(%cast3) : (memref<16xf32>) -> ()
  }
  scf.if %c1 {
  } else {
    %cast4 = memref.cast %a1 : memref<16xf32> to memref<?xf32>
    %cast5 = memref.cast %cast4 : memref<?xf32> to memref<16xf32>
    func.call @g_free(%cast5) : (memref<16xf32>) -> ()
  }
  return
}
