// A loop's body allocates a buffer, frees it when %q0 holds and yields it
// always; the function frees the loop's result after it when %q0 does not
// hold (cfg seed 68062, reduced). When it does not, each iteration's buffer
// replaces the one before: the loop-carried flag frees that one under the
// flag, which the iteration yields as the condition under which it still
// owns its buffer (not %q0), and not true, which would free again in the
// next iteration what the body freed.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @g0(%q0: i1) {
  %a5 = memref.alloc() : memref<16xf32>
  memref.dealloc %a5 : memref<16xf32>
  %cst6 = arith.constant 0 : index
  %cst7 = arith.constant 2 : index
  %cst8 = arith.constant 1 : index
  %r14 = scf.for %iv9 = %cst6 to %cst7 step %cst8 iter_args(%it10 = %a5) -> (memref<16xf32>) {
    %a13 = memref.alloc() : memref<16xf32>
    scf.if %q0 {
      memref.dealloc %a13 : memref<16xf32>
    }
    scf.yield %a13 : memref<16xf32>
  }
  scf.if %q0 {
  } else {
    memref.dealloc %r14 : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @g0(
// FIXED-NEXT:    %[[TRUE:memlint_true_[0-9]+]] = arith.constant true
// FIXED-NEXT:    %[[FALSE:memlint_false_[0-9]+]] = arith.constant false
// FIXED:         %r14, %{{memlint_owned_[0-9]+}} = scf.for %iv9 = %cst6 to %cst7 step %cst8 iter_args(%it10 = %a5, %[[OWN:memlint_own_[0-9]+]] = %[[FALSE]]) -> (memref<16xf32>, i1) {
// FIXED-NEXT:      scf.if %[[OWN]] {
// FIXED-NEXT:        memref.dealloc %it10 : memref<16xf32>
// FIXED-NEXT:      }
// FIXED-NEXT:      %a13 = memref.alloc() : memref<16xf32>
// FIXED-NEXT:      scf.if %q0 {
// FIXED-NEXT:        memref.dealloc %a13 : memref<16xf32>
// FIXED-NEXT:      }
// FIXED-NEXT:      %[[KEPT:memlint_fresh_[0-9]+]] = arith.xori %q0, %[[TRUE]] : i1
// FIXED-NEXT:      scf.yield %a13, %[[KEPT]] : memref<16xf32>, i1
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.if %q0 {
// FIXED-NEXT:    } else {
// FIXED-NEXT:      memref.dealloc %r14 : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return
