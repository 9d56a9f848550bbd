// A join frees its first argument itself on every path and only uses its
// second; the buffer %b reaches the join through either (under %c0), and the
// region yields the first. %b leaks when it comes as the second argument,
// and the loss shows past the region, where no name of %b is left. Flags on
// both arguments freed the first twice; the argument the join frees itself
// gets no flag (an edge that hands it the buffer passes false to the
// others), and only the second is freed under its flag (cfg seed 47004,
// reduced; docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 3 fix-its, 0 findings left

func.func @f(%c0: i1, %c3: i1, %arg: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %r = scf.execute_region -> memref<16xf32> {
    %b = memref.alloc() : memref<16xf32>
    cf.cond_br %c3, ^bb1, ^bb2(%a, %arg : memref<16xf32>, memref<16xf32>)
  ^bb1:
    cf.cond_br %c0, ^bb2(%b, %a : memref<16xf32>, memref<16xf32>), ^bb2(%a, %b : memref<16xf32>, memref<16xf32>)
  ^bb2(%owned: memref<16xf32>, %used: memref<16xf32>):
    memref.store %f0, %used[%i0] : memref<16xf32>
    memref.dealloc %owned : memref<16xf32>
    scf.yield %owned : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:      cf.cond_br %c0, ^bb2(%b, %a, %memlint_false_{{[0-9]+}} : memref<16xf32>, memref<16xf32>, i1), ^bb2(%a, %b, %memlint_true_{{[0-9]+}} : memref<16xf32>, memref<16xf32>, i1)
// FIXED:      ^bb2(%owned: memref<16xf32>, %used: memref<16xf32>, [[OWN:%memlint_own_[0-9_]+]]: i1):
// FIXED-NEXT: {{^}}    memref.store %f0, %used[%i0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if [[OWN]] {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %used : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %owned : memref<16xf32>{{$}}
// FIXED-NOT:  memref.dealloc %owned
