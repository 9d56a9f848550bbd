// An edge that hands one value to two arguments of a join, a value that
// holds the buffer only under an scf.if's condition (the other branch
// yields the caller's memory), while another edge hands the caller's memory
// (cfg seed 36077, reduced by a helper): the two arguments hold one owner,
// so the first gets the condition's flag (its negation here) and the second
// false, as when an edge hands the buffer itself to several. The join's
// flags were refused ("held twice"), and every other candidate freed the
// caller's memory or the buffer before its use.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: 0 findings left

func.func @f(%c1: i1, %c2: i1, %arg: memref<16xf32>) {
  cf.cond_br %c1, ^bb2(%arg, %arg : memref<16xf32>, memref<16xf32>), ^bb1
^bb1:
  %a = memref.alloc() : memref<16xf32>
  %r = scf.if %c2 -> (memref<16xf32>) {
    scf.yield %arg : memref<16xf32>
  } else {
    scf.yield %a : memref<16xf32>
  }
  cf.br ^bb2(%r, %r : memref<16xf32>, memref<16xf32>)
^bb2(%p: memref<16xf32>, %q: memref<16xf32>):
  %c0 = arith.constant 0 : index
  %x = memref.load %q[%c0] : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:       {{^}}  cf.cond_br %c1, ^bb2(%arg, %arg, %[[NO:memlint_false_[0-9]+]], %[[NO]] : memref<16xf32>, memref<16xf32>, i1, i1), ^bb1{{$}}
// FIXED:       {{^}}  %[[NOT:memlint_not_[0-9_]+]] = arith.xori %c2, %memlint_true_{{[0-9]+}} : i1{{$}}
// FIXED-NEXT:  {{^}}  cf.br ^bb2(%r, %r, %[[NOT]], %[[NO]] : memref<16xf32>, memref<16xf32>, i1, i1){{$}}
// FIXED-NEXT:  {{^}}^bb2(%p: memref<16xf32>, %q: memref<16xf32>, %[[OWN:memlint_own_[0-9_]+]]: i1, %{{memlint_own_[0-9_]+}}: i1):{{$}}
// FIXED-NEXT:  {{^}}  %c0 = arith.constant 0 : index{{$}}
// FIXED-NEXT:  {{^}}  %x = memref.load %q[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[OWN]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %p : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
