// A join whose argument holds a buffer from one edge and stack memory from
// the others, used only in a block the join dominates (cfg seed 16038):
// the ownership flag passed with it frees it after that use, not at the
// top of the join, before it.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @f(%c0: i1, %c2: i1) -> f32 {
  %i0 = arith.constant 0 : index
  %s = memref.alloca() : memref<16xf32>
  cf.cond_br %c0, ^alloc, ^stack
^alloc:
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %c2, ^stack, ^join(%a : memref<16xf32>)
^stack:
  cf.br ^join(%s : memref<16xf32>)
^join(%p: memref<16xf32>):
  cf.br ^use
^use:
  %x = memref.load %p[%i0] : memref<16xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @f(
// FIXED:       ^join(%p: memref<16xf32>, %[[OWN:memlint_own_[0-9_]+]]: i1):
// FIXED-NEXT:    cf.br ^use
// FIXED-NEXT:  ^use:
// FIXED-NEXT:    %x = memref.load %p[%i0] : memref<16xf32>
// FIXED-NEXT:    scf.if %[[OWN]] {
// FIXED-NEXT:      memref.dealloc %p : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %x : f32
