// A buffer of an scf.for body that the loop hands on through two iter_args
// in turn (docs/fixits.md, "ownership flags through several iter_args"),
// where the yield hands it to the second position and then the second
// iter_arg to the first, and the function returns the first result: the
// second result, the last iteration's buffer, is freed under its flag, the
// first is the caller's (cfg seed 75014, reduced). The derivation cannot
// tell that the first result is not the second (it may be whatever the
// second iter_arg held), so the candidate was given up: two results of the
// chain hold different memory wherever the flag of one is true.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @rotate_returns_carried_on(%q0: memref<16xf32>, %q1: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r0, %r1 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %q0, %y = %q1) -> (memref<16xf32>, memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    scf.yield %y, %a : memref<16xf32>, memref<16xf32>
  }
  return %r0 : memref<16xf32>
}
// FIXED-LABEL: func.func @rotate_returns_carried_on
// FIXED-NEXT:    %[[T:memlint_turn_true_[0-9]+]] = arith.constant true
// FIXED-NEXT:    %[[F:memlint_turn_false_[0-9]+]] = arith.constant false
// FIXED:         %r0, %r1, %[[O1:memlint_turned_[0-9]+_1]], %[[O0:memlint_turned_[0-9]+_0]] = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %q0, %y = %q1, %[[F1:memlint_turn_[0-9]+_1]] = %[[F]], %[[F0:memlint_turn_[0-9]+_0]] = %[[F]]) -> (memref<16xf32>, memref<16xf32>, i1, i1) {
// FIXED-NEXT:      scf.if %[[F0]] {
// FIXED-NEXT:        memref.dealloc %x : memref<16xf32>
// FIXED-NEXT:      }
// FIXED-NEXT:      %a = memref.alloc() : memref<16xf32>
// FIXED-NEXT:      scf.yield %y, %a, %[[T]], %[[F1]] : memref<16xf32>, memref<16xf32>, i1, i1
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.if %[[O1]] {
// FIXED-NEXT:      memref.dealloc %r1 : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %r0 : memref<16xf32>
