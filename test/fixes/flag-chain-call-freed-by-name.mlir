// A CFG loop's header hands its argument %p on in part: %keep is the
// iteration's buffer, a call's result %r, when %take holds and %p
// otherwise; the exit edge hands %r to %e and %p to %q, and the exit block
// frees %r by name (a cast of it, read by dominance) and %q under %c1 only
// (docs/fixits.md, "ownership flags along a chain of blocks"). A call
// handed no memory returns none of the caller's, so the flag the back-edge
// passes with %keep is a select of true and %p's flag, and %p is freed on
// that edge only where %keep does not hold it. %e, which every edge that
// runs hands %r itself (^dead, which no edge enters, never runs), is freed
// by the exit block already and gets no flag. Before, what %keep holds was
// not known (a call's result), %p was freed on the back-edge under its own
// flag, and %e under one, each a second free: the chain was refused, and
// the buffer %p holds leaked where %c1 is false after --fix (cfg seed 72128,
// reduced).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @g0() -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  return %a : memref<16xf32>
}

func.func @f(%c1: i1, %c3: i1, %arg: memref<16xf32>) {
  %c2i = arith.constant 2 : index
  %true = arith.constant true
  cf.cond_br %c3, ^loop(%c2i, %arg, %true : index, memref<16xf32>, i1), ^loop(%c2i, %arg, %c1 : index, memref<16xf32>, i1)
^dead:
  cf.br ^exit(%arg, %arg : memref<16xf32>, memref<16xf32>)
^loop(%fuel: index, %p: memref<16xf32>, %take: i1):
  %r = func.call @g0() : () -> memref<16xf32>
  %keep = scf.if %take -> (memref<16xf32>) {
    scf.yield %r : memref<16xf32>
  } else {
    scf.yield %p : memref<16xf32>
  }
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  %more = arith.cmpi sgt, %fuel, %c0i : index
  %next = arith.subi %fuel, %c1i : index
  %false = arith.constant false
  %d = memref.cast %r : memref<16xf32> to memref<?xf32>
  cf.cond_br %more, ^loop(%next, %keep, %false : index, memref<16xf32>, i1), ^exit(%r, %p : memref<16xf32>, memref<16xf32>)
^exit(%e: memref<16xf32>, %q: memref<16xf32>):
  scf.if %c1 {
    memref.dealloc %q : memref<16xf32>
  }
  memref.dealloc %d : memref<?xf32>
  return
}
// FIXED-LABEL: func.func @f(
// FIXED-NEXT:   %memlint_true_[[L:[0-9]+]] = arith.constant true
// FIXED-NEXT:   %memlint_false_[[L]] = arith.constant false
// FIXED:        cf.br ^exit(%arg, %arg, %memlint_false_[[L]] : memref<16xf32>, memref<16xf32>, i1)
// FIXED-NEXT: ^loop(%fuel: index, %p: memref<16xf32>, %take: i1, %memlint_own_[[L]]_loop_1: i1):
// FIXED:        %d = memref.cast %r : memref<16xf32> to memref<?xf32>
// FIXED-NEXT:   %memlint_hand_[[L]]_2_0 = arith.select %take, %memlint_true_[[L]], %memlint_own_[[L]]_loop_1 : i1
// FIXED-NEXT:   %memlint_hand_[[L]]_2_1 = arith.select %take, %memlint_false_[[L]], %memlint_true_[[L]] : i1
// FIXED-NEXT:   %memlint_hand_[[L]]_2_2 = arith.select %memlint_hand_[[L]]_2_1, %memlint_false_[[L]], %memlint_own_[[L]]_loop_1 : i1
// FIXED-NEXT:   cf.cond_br %more, ^memlint_chain_[[L]]_0, ^exit(%r, %p, %memlint_own_[[L]]_loop_1 : memref<16xf32>, memref<16xf32>, i1)
// FIXED-NEXT: ^memlint_chain_[[L]]_0:
// FIXED-NEXT:   scf.if %memlint_hand_[[L]]_2_2 {
// FIXED-NEXT:     memref.dealloc %p : memref<16xf32>
// FIXED-NEXT:   }
// FIXED-NEXT:   scf.if %take {
// FIXED-NEXT:   } else {
// FIXED-NEXT:     memref.dealloc %r : memref<16xf32>
// FIXED-NEXT:   }
// FIXED-NEXT:   cf.br ^loop(%next, %keep, %false, %memlint_hand_[[L]]_2_0 : index, memref<16xf32>, i1, i1)
// FIXED-NEXT: ^exit(%e: memref<16xf32>, %q: memref<16xf32>, %memlint_own_[[L]]_exit_1: i1):
// FIXED-NEXT:   scf.if %c1 {
// FIXED-NEXT:     memref.dealloc %q : memref<16xf32>
// FIXED-NEXT:   }
// FIXED-NEXT:   scf.if %c1 {
// FIXED-NEXT:   } else {
// FIXED-NEXT:     scf.if %memlint_own_[[L]]_exit_1 {
// FIXED-NEXT:       memref.dealloc %q : memref<16xf32>
// FIXED-NEXT:     }
// FIXED-NEXT:   }
// FIXED-NEXT:   memref.dealloc %d : memref<?xf32>
// FIXED-NEXT:   return
