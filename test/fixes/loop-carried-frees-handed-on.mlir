// An scf.for body that frees the fresh buffer it yields (where it meant the
// carried one), under two conditions: the next iteration and the loop's
// result hold freed memory, and the buffer of each iteration but the last
// leaks. The loop-carried flag frees the carried buffer and the result
// instead, and the body's dealloc of what it hands on goes (gen seed 67000,
// with a second condition: under one only, the flag yielded is the other
// branch's condition, as in loop-carried-freed-in-branch.mlir).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

// FIXED-LABEL: func.func @f(
// FIXED: %r4, %r5, %[[OWNED:memlint_owned_[0-9]+]] = scf.for %iv1 = %i0 to %n step %i1 iter_args(%it2 = %arg, %it3 = %false, %[[OWN:memlint_own_[0-9]+]] = %memlint_false_{{[0-9]+}})
// FIXED-NEXT: %a6 = memref.alloc() : memref<16xf32>
// FIXED-NEXT: scf.if %it3 {
// FIXED-NEXT: %cast7 = memref.cast %it2
// FIXED-NEXT: scf.if %c {
// FIXED-NEXT: }
// FIXED-NEXT: }
// FIXED-NEXT: scf.if %[[OWN]] {
// FIXED-NEXT: memref.dealloc %it2 : memref<16xf32>
// FIXED-NEXT: }
// FIXED-NEXT: scf.yield %a6, %true, %memlint_true_{{[0-9]+}} : memref<16xf32>, i1, i1
// FIXED-NEXT: }
// FIXED-NEXT: %cast10 = memref.cast %r4
// FIXED-NEXT: scf.if %[[OWNED]] {
// FIXED-NEXT: memref.dealloc %r4 : memref<16xf32>
// FIXED-NEXT: }
// FIXED-NEXT: return
func.func @f(%c: i1, %n: index, %arg: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %r4, %r5 = scf.for %iv1 = %i0 to %n step %i1 iter_args(%it2 = %arg, %it3 = %false) -> (memref<16xf32>, i1) {
    %a6 = memref.alloc() : memref<16xf32>
    scf.if %it3 {
      %cast7 = memref.cast %it2 : memref<16xf32> to memref<?xf32>
      scf.if %c {
        memref.dealloc %a6 : memref<16xf32>
      }
    }
    scf.yield %a6, %true : memref<16xf32>, i1
  }
  %cast10 = memref.cast %r4 : memref<16xf32> to memref<?xf32>
  return
}
