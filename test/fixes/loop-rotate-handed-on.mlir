// A buffer of an scf.for body that the loop hands on through two iter_args
// in turn (docs/fixits.md, "ownership flags through several iter_args"),
// whose second result a branch passes to a block that does not use it and
// which is loaded where the paths join: the results are freed under their
// flags after that load, in the block that post-dominates the loop and
// every use (cfg seed 68083, reduced). The candidate used to be given up
// because the last use of the results in the loop's block is the branch.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @rotate_handed_on(%c: i1, %q: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %r0, %r1 = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %q, %y = %q) -> (memref<16xf32>, memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    scf.yield %a, %x : memref<16xf32>, memref<16xf32>
  }
  cf.cond_br %c, ^bb1(%r1 : memref<16xf32>), ^bb2
^bb1(%p: memref<16xf32>):
  cf.br ^bb2
^bb2:
  %v = memref.load %r1[%c0] : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @rotate_handed_on
// FIXED-NEXT:    %[[T:memlint_turn_true_[0-9]+]] = arith.constant true
// FIXED-NEXT:    %[[F:memlint_turn_false_[0-9]+]] = arith.constant false
// FIXED:         %r0, %r1, %[[O0:memlint_turned_[0-9]+_0]], %[[O1:memlint_turned_[0-9]+_1]] = scf.for %i = %c0 to %c3 step %c1 iter_args(%x = %q, %y = %q, %[[F0:memlint_turn_[0-9]+_0]] = %[[F]], %[[F1:memlint_turn_[0-9]+_1]] = %[[F]]) -> (memref<16xf32>, memref<16xf32>, i1, i1) {
// FIXED-NEXT:      scf.if %[[F1]] {
// FIXED-NEXT:        memref.dealloc %y : memref<16xf32>
// FIXED-NEXT:      }
// FIXED-NEXT:      %a = memref.alloc() : memref<16xf32>
// FIXED-NEXT:      scf.yield %a, %x, %[[T]], %[[F0]] : memref<16xf32>, memref<16xf32>, i1, i1
// FIXED-NEXT:    }
// FIXED-NEXT:    cf.cond_br %c, ^bb1(%r1 : memref<16xf32>), ^bb2
// FIXED:       ^bb2:
// FIXED-NEXT:    %v = memref.load %r1[%c0] : memref<16xf32>
// FIXED-NEXT:    scf.if %[[O0]] {
// FIXED-NEXT:      memref.dealloc %r0 : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.if %[[O1]] {
// FIXED-NEXT:      memref.dealloc %r1 : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return
