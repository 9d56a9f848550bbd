// A call's result is an alias of a buffer passed to it only when the
// callee may return that argument: a fresh buffer the callee returns does
// not keep the argument alive, so the argument is freed after the call
// even when the result is returned (cfg seed 19038) or flows on to other
// names (cfg seed 21029). A callee that returns its argument keeps it alive
// through the result.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 3 fix-its, 0 findings left

func.func @fresh(%q: memref<16xf32>) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  return %a : memref<16xf32>
}
func.func @returnsFresh() -> memref<16xf32> {
  %b = memref.alloc() : memref<16xf32>
  %r = func.call @fresh(%b) : (memref<16xf32>) -> memref<16xf32>
  return %r : memref<16xf32>
}
// FIXED-LABEL: func.func @returnsFresh
// FIXED:         %r = func.call @fresh(%b)
// FIXED-NEXT:    memref.dealloc %b : memref<16xf32>
// FIXED-NEXT:    return %r

func.func @second(%q0: memref<16xf32>, %q1: memref<16xf32>) -> memref<16xf32> {
  return %q1 : memref<16xf32>
}
func.func @flowsOn(%c1: i1, %arg: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %r77, %r78 = scf.execute_region -> (memref<16xf32>, memref<16xf32>) {
    %a73 = memref.alloc() : memref<16xf32>
    %r75 = func.call @second(%a73, %arg) : (memref<16xf32>, memref<16xf32>) -> memref<16xf32>
    scf.yield %r75, %a73 : memref<16xf32>, memref<16xf32>
  }
  %f = arith.constant 0.0 : f32
  memref.store %f, %r78[%c0] : memref<16xf32>
  cf.br ^bb1(%r77 : memref<16xf32>)
^bb1(%p: memref<16xf32>):
  %r92 = scf.if %c1 -> (memref<16xf32>) {
    scf.yield %arg : memref<16xf32>
  } else {
    scf.yield %r77 : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @flowsOn
// FIXED:           scf.yield %r77 : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    memref.dealloc %r78 : memref<16xf32>
// FIXED-NEXT:    return

func.func @same(%q: memref<16xf32>) -> memref<16xf32> {
  return %q : memref<16xf32>
}
func.func @returnsArgument() {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<16xf32>
  %r = func.call @same(%b) : (memref<16xf32>) -> memref<16xf32>
  %f = arith.constant 0.0 : f32
  memref.store %f, %r[%c0] : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @returnsArgument
// FIXED:         memref.store %f, %r[%c0] : memref<16xf32>
// FIXED-NEXT:    memref.dealloc {{%b|%r}} : memref<16xf32>
// FIXED-NEXT:    return
