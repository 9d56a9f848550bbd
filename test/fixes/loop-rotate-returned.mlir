// A buffer of an scf.for body that the loop hands on through two iter_args
// in turn (docs/fixits.md, "ownership flags through several iter_args"),
// where the function returns the loop's first result: the flags of the two
// positions free %y, which the body drops, and the second result after the
// loop; the first result is the caller's and is not freed (cfg seed 48061,
// reduced). The candidate used to be given up because the last use of the
// results after the loop is the return.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @rotate_returned(%q0: memref<16xf32>, %q1: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r0, %r1 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %q0, %y = %q1) -> (memref<16xf32>, memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    scf.yield %a, %x : memref<16xf32>, memref<16xf32>
  }
  return %r0 : memref<16xf32>
}
// FIXED-LABEL: func.func @rotate_returned
// FIXED-NEXT:    %[[T:memlint_turn_true_[0-9]+]] = arith.constant true
// FIXED-NEXT:    %[[F:memlint_turn_false_[0-9]+]] = arith.constant false
// FIXED:         %r0, %r1, %[[O0:memlint_turned_[0-9]+_0]], %[[O1:memlint_turned_[0-9]+_1]] = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %q0, %y = %q1, %[[F0:memlint_turn_[0-9]+_0]] = %[[F]], %[[F1:memlint_turn_[0-9]+_1]] = %[[F]]) -> (memref<16xf32>, memref<16xf32>, i1, i1) {
// FIXED-NEXT:      scf.if %[[F1]] {
// FIXED-NEXT:        memref.dealloc %y : memref<16xf32>
// FIXED-NEXT:      }
// FIXED-NEXT:      %a = memref.alloc() : memref<16xf32>
// FIXED-NEXT:      scf.yield %a, %x, %[[T]], %[[F0]] : memref<16xf32>, memref<16xf32>, i1, i1
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.if %[[O1]] {
// FIXED-NEXT:      memref.dealloc %r1 : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %r0 : memref<16xf32>
