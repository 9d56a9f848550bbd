// A CFG loop's header rotates its arguments: the back-edge hands the
// iteration's own buffer to %p and %p to %q, which nobody reads, so the
// buffer of the iteration before is lost there (docs/fixits.md, "ownership
// flags along a chain of blocks"). A block no edge enters (^dead) also
// branches to the header, with an argument of its own. That block never
// runs: what it passes holds nothing, and its edge passes false for each
// flag. When its argument was not known to hold the buffer or not, the
// chain of flags was refused, and the other candidates freed the buffer
// under the back-edge's condition before the edge that hands it on (a use
// after free), so the leak stayed after --fix (cfg seed 41031, reduced).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: 0 findings left

func.func @f(%c: i1, %arg: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %b = memref.alloc() : memref<16xf32>
  cf.cond_br %c, ^loop(%i2, %b, %arg : index, memref<16xf32>, memref<16xf32>), ^exit
^dead(%n: index, %d: memref<16xf32>):
  cf.br ^loop(%n, %d, %d : index, memref<16xf32>, memref<16xf32>)
^loop(%fuel: index, %p: memref<16xf32>, %q: memref<16xf32>):
  memref.store %zero, %p[%i0] : memref<16xf32>
  %a = memref.alloc() : memref<16xf32>
  %more = arith.cmpi sgt, %fuel, %i0 : index
  %next = arith.subi %fuel, %i1 : index
  cf.cond_br %more, ^loop(%next, %a, %p : index, memref<16xf32>, memref<16xf32>), ^exit
^exit:
  memref.dealloc %b : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:      cf.cond_br %c, ^loop(%i2, %b, %arg, %memlint_false_[[L:[0-9]+]], %memlint_false_[[L]] : index, memref<16xf32>, memref<16xf32>, i1, i1), ^exit
// FIXED-NEXT: ^dead(%n: index, %d: memref<16xf32>):
// FIXED-NEXT:   cf.br ^loop(%n, %d, %d, %memlint_false_[[L]], %memlint_false_[[L]] : index, memref<16xf32>, memref<16xf32>, i1, i1)
// FIXED-NEXT: ^loop(%fuel: index, %p: memref<16xf32>, %q: memref<16xf32>, %memlint_own_[[L]]_loop_1: i1, %memlint_own_[[L]]_loop_2: i1):
// FIXED-NEXT:   scf.if %memlint_own_[[L]]_loop_2 {
// FIXED-NEXT:     memref.dealloc %q : memref<16xf32>
// FIXED-NEXT:   }
// FIXED:        cf.cond_br %more, ^loop(%next, %a, %p, %memlint_true_[[L]], %memlint_own_[[L]]_loop_1 : index, memref<16xf32>, memref<16xf32>, i1, i1), ^memlint_chain_[[L]]_0
// FIXED-NEXT: ^memlint_chain_[[L]]_0:
// FIXED:          memref.dealloc %p : memref<16xf32>
