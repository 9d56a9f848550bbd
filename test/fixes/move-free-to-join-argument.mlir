// A buffer of one branch freed before the join that reads it (upstream
// buffer-hoisting, moving_invalid_dealloc_op_complex): the dealloc moves
// after the read, under the decision of the edge that enters its block,
// as a dealloc of the join's argument that the edge hands the buffer to
// (the buffer's own name is not visible there). Before, the moved dealloc
// named the buffer itself, which did not verify, and the use after free
// was left.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

// FIXED-LABEL: func.func @f(
// FIXED: memref.store %cst0, %a[%c1]
// FIXED-NEXT: cf.br ^bb3(%a : memref<16xf32>)
// FIXED: %x = memref.load %p[%cst]
// FIXED-NEXT: scf.if %c0 {
// FIXED-NEXT: } else {
// FIXED-NEXT: memref.dealloc %p : memref<16xf32>
// FIXED-NEXT: }
// FIXED-NEXT: return
func.func @f(%c0: i1, %arg: memref<16xf32>) {
  cf.cond_br %c0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg : memref<16xf32>)
^bb2:
  %a = memref.alloc() : memref<16xf32>
  %cst0 = arith.constant 0.0 : f32
  %c1 = arith.constant 1 : index
  memref.store %cst0, %a[%c1] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  cf.br ^bb3(%a : memref<16xf32>)
^bb3(%p: memref<16xf32>):
  %cst = arith.constant 0 : index
  %x = memref.load %p[%cst] : memref<16xf32>
  return
}
