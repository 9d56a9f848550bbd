// A CFG loop's header hands its argument %p on in part: the back-edge passes
// %r, an scf.if result that is %p when %c3 holds and a select of %p and the
// caller's %arg otherwise, to %q, which it then rotates into %o, which nobody
// reads (docs/fixits.md, "ownership flags along a chain of blocks"). The
// flag an edge passes with such a value is a select of the flags of what it
// may hold, on the same conditions, as ownership-based deallocation passes a
// select's ownership; the argument is freed on that edge only where the
// value does not hold it, and under its own flag on the exit edge, which
// drops it. Before, no flag was known for %r, the chain of flags was
// refused, and the iterations' buffers leaked after --fix (cfg seed 47127,
// reduced).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f(%c2: i1, %c3: i1, %c5: i1, %arg: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  cf.cond_br %c2, ^exit(%arg : memref<16xf32>), ^loop(%i2, %arg, %arg, %arg : index, memref<16xf32>, memref<16xf32>, memref<16xf32>)
^loop(%fuel: index, %o: memref<16xf32>, %p: memref<16xf32>, %q: memref<16xf32>):
  %sel = arith.select %c5, %p, %arg : memref<16xf32>
  %r = scf.if %c3 -> (memref<16xf32>) {
    scf.yield %p : memref<16xf32>
  } else {
    scf.yield %sel : memref<16xf32>
  }
  %more = arith.cmpi sgt, %fuel, %i0 : index
  %next = arith.subi %fuel, %i1 : index
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %more, ^loop(%next, %q, %a, %r : index, memref<16xf32>, memref<16xf32>, memref<16xf32>), ^exit(%a : memref<16xf32>)
^exit(%e: memref<16xf32>):
  %x = memref.load %e[%i0] : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @f(
// FIXED-NEXT:   %memlint_true_[[L:[0-9]+]] = arith.constant true
// FIXED-NEXT:   %memlint_false_[[L]] = arith.constant false
// FIXED:      ^loop(%fuel: index, %o: memref<16xf32>, %p: memref<16xf32>, %q: memref<16xf32>, %memlint_own_[[L]]_loop_1: i1, %memlint_own_[[L]]_loop_2: i1, %memlint_own_[[L]]_loop_3: i1):
// FIXED-NEXT:   scf.if %memlint_own_[[L]]_loop_1 {
// FIXED-NEXT:     memref.dealloc %o : memref<16xf32>
// FIXED-NEXT:   }
// FIXED:        %a = memref.alloc() : memref<16xf32>
// FIXED-NEXT:   %memlint_hand_[[L]]_1_0 = arith.select %c5, %memlint_own_[[L]]_loop_2, %memlint_false_[[L]] : i1
// FIXED-NEXT:   %memlint_hand_[[L]]_1_1 = arith.select %c3, %memlint_own_[[L]]_loop_2, %memlint_hand_[[L]]_1_0 : i1
// FIXED-NEXT:   %memlint_hand_[[L]]_1_2 = arith.select %c3, %memlint_true_[[L]], %c5 : i1
// FIXED-NEXT:   %memlint_hand_[[L]]_1_3 = arith.select %memlint_hand_[[L]]_1_2, %memlint_false_[[L]], %memlint_own_[[L]]_loop_2 : i1
// FIXED-NEXT:   cf.cond_br %more, ^memlint_chain_[[L]]_0, ^memlint_chain_[[L]]_1
// FIXED-NEXT: ^memlint_chain_[[L]]_0:
// FIXED-NEXT:   scf.if %memlint_hand_[[L]]_1_3 {
// FIXED-NEXT:     memref.dealloc %p : memref<16xf32>
// FIXED-NEXT:   }
// FIXED-NEXT:   cf.br ^loop(%next, %q, %a, %r, %memlint_own_[[L]]_loop_3, %memlint_true_[[L]], %memlint_hand_[[L]]_1_1 : index, memref<16xf32>, memref<16xf32>, memref<16xf32>, i1, i1, i1)
// FIXED-NEXT: ^memlint_chain_[[L]]_1:
// FIXED-NEXT:   scf.if %memlint_own_[[L]]_loop_2 {
// FIXED-NEXT:     memref.dealloc %p : memref<16xf32>
// FIXED-NEXT:   }
// FIXED-NEXT:   scf.if %memlint_own_[[L]]_loop_3 {
// FIXED-NEXT:     memref.dealloc %q : memref<16xf32>
// FIXED-NEXT:   }
// FIXED-NEXT:   cf.br ^exit(%a, %memlint_true_[[L]] : memref<16xf32>, i1)
// FIXED-NEXT: ^exit(%e: memref<16xf32>, %memlint_own_[[L]]_exit_0: i1):
// FIXED-NEXT:   %x = memref.load %e[%i0] : memref<16xf32>
// FIXED-NEXT:   scf.if %memlint_own_[[L]]_exit_0 {
// FIXED-NEXT:     memref.dealloc %e : memref<16xf32>
// FIXED-NEXT:   }
// FIXED-NEXT:   return
