// When the first fix-it --fix would apply alone clashes with another (their
// edits touch, or they fail together), the other alone is tried too, and
// the one that leaves fewer errors goes first: here the leak's ownership
// flag through the loop (the first by offset) would leave the double free,
// while the double free's fix-it, which frees the iter_arg instead of its
// init value, fixes both (gen seed 22109, where --fix left the double free).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f(%n: index) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %cst = arith.constant 1.000000e+00 : f32
  %a1 = memref.alloc() : memref<16xf32>
  %r4 = scf.for %iv2 = %i0 to %n step %i1 iter_args(%it3 = %a1) -> (memref<16xf32>) {
    %a5 = memref.alloc() : memref<16xf32>
    memref.store %cst, %it3[%i0] : memref<16xf32>
    memref.dealloc %a1 : memref<16xf32>
    scf.yield %a5 : memref<16xf32>
  }
  memref.dealloc %r4 : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:         %r4 = scf.for %iv2 = %i0 to %n step %i1 iter_args(%it3 = %a1) -> (memref<16xf32>) {
// FIXED-NEXT:      %a5 = memref.alloc() : memref<16xf32>
// FIXED-NEXT:      memref.store %cst, %it3[%i0] : memref<16xf32>
// FIXED-NEXT:      memref.dealloc %it3 : memref<16xf32>
// FIXED-NEXT:      scf.yield %a5 : memref<16xf32>
