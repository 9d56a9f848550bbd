// An scf.for that frees its iter_arg, the buffer of the previous iteration,
// frees in its first iteration the buffer it receives, which the function
// reads after the loop (docs/fixits.md, "a hold flag on an scf.for";
// generator seed 8123). The loop gets an i1 iter_arg that starts false (it
// does not own %a) and is yielded true (it owns %b); the body frees %it and
// the function frees %r only under it, and %a is freed once after its last
// use. With no iteration %r is %a and is not freed twice.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @hold(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %a) -> (memref<16xf32>) {
    %b = memref.alloc() : memref<16xf32>
    %cast = memref.cast %it : memref<16xf32> to memref<?xf32>
    memref.dealloc %cast : memref<?xf32>
    scf.yield %b : memref<16xf32>
  }
  %x = memref.load %a[%c0] : memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @hold
// FIXED-NEXT:    %[[T:memlint_hold_true_[0-9]+]] = arith.constant true
// FIXED-NEXT:    %[[F:memlint_hold_false_[0-9]+]] = arith.constant false
// FIXED:         %r, %[[HELD:memlint_held_[0-9]+]] = scf.for %i = %c0 to %n step %c1 iter_args(%it = %a, %[[HOLD:memlint_hold_[0-9]+]] = %[[F]]) -> (memref<16xf32>, i1) {
// FIXED:           %cast = memref.cast %it
// FIXED-NEXT:      scf.if %[[HOLD]] {
// FIXED-NEXT:        memref.dealloc %cast : memref<?xf32>
// FIXED-NEXT:      }
// FIXED-NEXT:      scf.yield %b, %[[T]] : memref<16xf32>, i1
// FIXED:         %x = memref.load %a[%c0]
// FIXED-NEXT:    scf.if %[[HELD]] {
// FIXED-NEXT:      memref.dealloc %r : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    memref.dealloc %a : memref<16xf32>
// FIXED-NEXT:    return %x : f32
