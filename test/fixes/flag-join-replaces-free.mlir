// A join receives a buffer from one edge and the caller's memory from the
// other; it frees its argument only under a condition that, on the path of
// the caller's memory, never holds (%c0: that edge is taken when %c0 is
// false), so the buffer leaks when %c0 is false. A flag passed with the
// argument frees it after its last use; the dealloc under %c0 then frees it
// twice, and no guard frees it without freeing the caller's memory. The
// flag's free replaces the join's own partial dealloc (with its guard), as
// ownership-based deallocation would (cfg seed 44061, reduced;
// docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f(%c0: i1, %c3: i1, %arg: memref<16xf32>) {
  cf.cond_br %c3, ^bb1, ^bb2
^bb1:
  cf.cond_br %c0, ^bb2, ^bb3(%arg : memref<16xf32>)
^bb2:
  %a = memref.alloc() : memref<16xf32>
  cf.br ^bb3(%a : memref<16xf32>)
^bb3(%p: memref<16xf32>):
  %i0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  memref.store %z, %p[%i0] : memref<16xf32>
  scf.if %c0 {
    memref.dealloc %p : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:      cf.cond_br %c0, ^bb2, ^bb3(%arg, %memlint_false_{{[0-9]+}} : memref<16xf32>, i1)
// FIXED:      cf.br ^bb3(%a, %memlint_true_{{[0-9]+}} : memref<16xf32>, i1)
// FIXED:      ^bb3(%p: memref<16xf32>, [[OWN:%memlint_own_[0-9_]+]]: i1):
// FIXED:      {{^}}  memref.store %z, %p[%i0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if [[OWN]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %p : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
// FIXED-NOT:  scf.if %c0
