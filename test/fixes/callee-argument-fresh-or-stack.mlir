// A buffer a callee returns fresh or not at all (its stack buffer), chosen
// by an i1 argument: freed under the call's operand for it, the decision
// the callee's allocation needs (cfg seed 62001).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @g0(%q0: i1) -> (memref<16xf32>) {
  %s19 = memref.alloca() : memref<16xf32>
  cf.cond_br %q0, ^bb3, ^bb4
^bb3:
  return %s19 : memref<16xf32>
^bb4:
  %a55 = memref.alloc() : memref<16xf32>
  return %a55 : memref<16xf32>
}

// FIXED-LABEL: func.func @f(
// FIXED: %r97 = func.call @g0(%c0)
// FIXED-NEXT: scf.if %c0 {
// FIXED-NEXT: } else {
// FIXED-NEXT: memref.dealloc %r97 : memref<16xf32>
// FIXED-NEXT: }
// FIXED-NEXT: return %arg
func.func @f(%c0: i1, %arg: memref<16xf32>) -> (memref<16xf32>) {
  %r97 = func.call @g0(%c0) : (i1) -> memref<16xf32>
  return %arg : memref<16xf32>
}
