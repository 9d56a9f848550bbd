// A buffer of an scf.for body that the loop hands on through two iter_args
// in turn (docs/fixits.md, "ownership flags through several iter_args"; cfg
// seed 8005): %b is yielded as %cur, the next iteration yields %cur as
// %prev, the one after reads %prev and drops it, and the last two are
// dropped after the loop. One flag carried with one iter_arg cannot say it:
// each position gets a flag, false on entry (the loop does not own %q), true
// where %b is yielded, the flag of %cur where %cur is yielded as %prev; %prev
// is freed under its flag after its last use, both results after the loop.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @rotate(%q: memref<16xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r1, %r2, %s = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %q, %prev = %q, %acc = %zero) -> (memref<16xf32>, memref<16xf32>, f32) {
    %x = memref.load %prev[%c0] : memref<16xf32>
    %sum = arith.addf %acc, %x : f32
    %b = memref.alloc() : memref<16xf32>
    memref.store %sum, %b[%c0] : memref<16xf32>
    scf.yield %b, %cur, %sum : memref<16xf32>, memref<16xf32>, f32
  }
  return %s : f32
}
// FIXED-LABEL: func.func @rotate
// FIXED-NEXT:    %[[T:memlint_turn_true_[0-9]+]] = arith.constant true
// FIXED-NEXT:    %[[F:memlint_turn_false_[0-9]+]] = arith.constant false
// FIXED:         %r1, %r2, %s, %[[O0:memlint_turned_[0-9]+_0]], %[[O1:memlint_turned_[0-9]+_1]] = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %q, %prev = %q, %acc = %zero, %[[F0:memlint_turn_[0-9]+_0]] = %[[F]], %[[F1:memlint_turn_[0-9]+_1]] = %[[F]]) -> (memref<16xf32>, memref<16xf32>, f32, i1, i1) {
// FIXED-NEXT:      %x = memref.load %prev[%c0]
// FIXED-NEXT:      scf.if %[[F1]] {
// FIXED-NEXT:        memref.dealloc %prev : memref<16xf32>
// FIXED-NEXT:      }
// FIXED:           scf.yield %b, %cur, %sum, %[[T]], %[[F0]] : memref<16xf32>, memref<16xf32>, f32, i1, i1
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.if %[[O0]] {
// FIXED-NEXT:      memref.dealloc %r1 : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.if %[[O1]] {
// FIXED-NEXT:      memref.dealloc %r2 : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %s : f32
