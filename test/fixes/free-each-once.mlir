// Two buffers, each freed in one branch of an scf.if (one through a helper
// that frees its argument), then a select of them freed again: a double
// free when the select picks the buffer its branch freed, a leak of the
// other. Freeing one of them once leaves the other freed twice or never;
// every free site of either goes and each is freed once after its last use,
// by a call of the helper where a call freed it (gen seed 11031).
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
// FIXED:         scf.if %c3 {
// FIXED-NOT:       call @g_free
// FIXED:         } else {
// FIXED-NEXT:    }
// FIXED-NEXT:    func.call @g_free(%a1) : (memref<16xf32>) -> ()
// FIXED-NEXT:    memref.dealloc %a2 : memref<16xf32>
// FIXED-NEXT:    return %x : f32
func.func @f(%c0: i1, %c3: i1) -> f32 {
  %i0 = arith.constant 0 : index
  %a1 = memref.alloc() : memref<16xf32>
  %a2 = memref.alloc() : memref<16xf32>
  %sel = arith.select %c0, %a1, %a2 : memref<16xf32>
  %x = memref.load %sel[%i0] : memref<16xf32>
  scf.if %c3 {
    %cast = memref.cast %a1 : memref<16xf32> to memref<?xf32>
    %back = memref.cast %cast : memref<?xf32> to memref<16xf32>
    func.call @g_free(%back) : (memref<16xf32>) -> ()
  } else {
    memref.dealloc %a2 : memref<16xf32>
  }
  func.call @g_free(%sel) : (memref<16xf32>) -> ()
  return %x : f32
}
