// An scf.for whose body's scf.if frees the iter_arg and yields a fresh
// buffer in one branch and hands the iter_arg on in the other: the function
// reads %a after the loop, which the loop frees (in the body, or through its
// result) on every path (docs/fixits.md, "a hold flag on an scf.for"; gen
// seed 60032). The hold flag the iteration yields is a select of the
// scf.if's condition between true (the fresh buffer) and the flag carried in
// (the iter_arg handed on).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @choice(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %a) -> (memref<16xf32>) {
    %next = scf.if %c -> (memref<16xf32>) {
      %b = memref.alloc() : memref<16xf32>
      memref.dealloc %it : memref<16xf32>
      scf.yield %b : memref<16xf32>
    } else {
      scf.yield %it : memref<16xf32>
    }
    scf.yield %next : memref<16xf32>
  }
  %cast = memref.cast %r : memref<16xf32> to memref<?xf32>
  memref.dealloc %cast : memref<?xf32>
  %x = memref.load %a[%c1] : memref<16xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @choice
// FIXED-NEXT:    %[[T:memlint_hold_true_[0-9]+]] = arith.constant true
// FIXED-NEXT:    %[[F:memlint_hold_false_[0-9]+]] = arith.constant false
// FIXED:         %r, %[[HELD:memlint_held_[0-9]+]] = scf.for %i = %c0 to %n step %c1 iter_args(%it = %a, %[[HOLD:memlint_hold_[0-9]+]] = %[[F]]) -> (memref<16xf32>, i1) {
// FIXED:           %b = memref.alloc()
// FIXED-NEXT:      scf.if %[[HOLD]] {
// FIXED-NEXT:        memref.dealloc %it : memref<16xf32>
// FIXED-NEXT:      }
// FIXED:           %[[NEXT:memlint_hold_next_[0-9]+]] = arith.select %c, %[[T]], %[[HOLD]] : i1
// FIXED-NEXT:      scf.yield %next, %[[NEXT]] : memref<16xf32>, i1
// FIXED:         %cast = memref.cast %r
// FIXED-NEXT:    scf.if %[[HELD]] {
// FIXED-NEXT:      memref.dealloc %cast : memref<?xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    %x = memref.load %a[%c1]
// FIXED-NEXT:    memref.dealloc %a : memref<16xf32>
// FIXED-NEXT:    return %x : f32
