// An scf.while whose `before` region allocates a buffer each iteration and
// hands it to the `after` region, which yields a view of it back (upstream
// buffer-loop-hoisting, no_hoist_while_carried_view), with its header on
// two lines and its results as one group: the ownership flag goes through
// both regions ("%result:2" becomes "%result:3"), the carried view's base
// buffer is freed under it in the next iteration, and the last buffer after
// the loop under the flag the loop returns.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @carried_view(%n: index, %seed: memref<1xindex>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %result:2 = scf.while (%i = %c0, %old = %seed)
      : (index, memref<1xindex>) -> (index, memref<1xindex>) {
    %fresh = memref.alloc() : memref<1xindex>
    memref.store %i, %fresh[%c0] : memref<1xindex>
    %previous = memref.load %old[%c0] : memref<1xindex>
    %continue = arith.cmpi slt, %i, %n : index
    scf.condition(%continue) %previous, %fresh : index, memref<1xindex>
  } do {
  ^bb0(%previous: index, %current: memref<1xindex>):
    %value = memref.load %current[%c0] : memref<1xindex>
    %next = arith.addi %value, %c1 : index
    %view = memref.subview %current[0] [1] [1] : memref<1xindex> to memref<1xindex, strided<[1]>>
    %cast = memref.cast %view : memref<1xindex, strided<[1]>> to memref<1xindex>
    scf.yield %next, %cast : index, memref<1xindex>
  }
  return %result#0 : index
}
// FIXED-LABEL: func.func @carried_view(
// FIXED:         %result:3 = scf.while (%i = %c0, %old = %seed, %[[OWN:memlint_own_[0-9]+]] = %memlint_false_{{[0-9]+}})
// FIXED-NEXT:        : (index, memref<1xindex>, i1) -> (index, memref<1xindex>, i1) {
// FIXED:           %previous = memref.load %old[%c0] : memref<1xindex>
// FIXED-NEXT:      scf.if %[[OWN]] {
// FIXED-NEXT:        %[[BASE:memlint_carried_[0-9]+_base]], %{{.*}}:3 = memref.extract_strided_metadata %old : memref<1xindex> -> memref<index>, index, index, index
// FIXED-NEXT:        memref.dealloc %[[BASE]] : memref<index>
// FIXED-NEXT:      }
// FIXED:           scf.condition(%continue) %previous, %fresh, %memlint_true_{{[0-9]+}} : index, memref<1xindex>, i1
// FIXED:         ^bb0(%previous: index, %current: memref<1xindex>, %[[OWNA:memlint_owna_[0-9]+]]: i1):
// FIXED:           scf.yield %next, %cast, %[[OWNA]] : index, memref<1xindex>, i1
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.if %result#2 {
// FIXED-NEXT:      memref.dealloc %result#1 : memref<1xindex>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %result#0 : index
