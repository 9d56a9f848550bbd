// A buffer an scf.index_switch on an index made from an i1 yields from one
// region and another buffer from the other, handed to a join that the
// caller's memory reaches too (cfg seed 35052, reduced by a helper): the
// switch's result holds the buffer under the switch's decision, as an
// scf.if's does under its condition, so the join's ownership flag is that
// i1 (its negation when the case of the false value allocates).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @f(%c0: i1, %c1: i1, %arg: memref<16xf32>) {
  %i = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %c0, ^bb1, ^bb2(%arg : memref<16xf32>)
^bb1:
  %k = arith.extui %c1 : i1 to i32
  %ix = arith.index_cast %k : i32 to index
  %r = scf.index_switch %ix -> memref<16xf32>
  case 0 {
    scf.yield %a : memref<16xf32>
  }
  default {
    %n = memref.alloc() : memref<16xf32>
    scf.yield %n : memref<16xf32>
  }
  cf.br ^bb2(%r : memref<16xf32>)
^bb2(%p: memref<16xf32>):
  memref.store %zero, %p[%i] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:       {{^}}  cf.cond_br %c0, ^bb1, ^bb2(%arg, %memlint_false_{{[0-9]+}} : memref<16xf32>, i1){{$}}
// FIXED:       {{^}}  cf.br ^bb2(%r, %c1 : memref<16xf32>, i1){{$}}
// FIXED-NEXT:  {{^}}^bb2(%p: memref<16xf32>, %[[OWN:memlint_own_[0-9_]+]]: i1):{{$}}
// FIXED-NEXT:  {{^}}  memref.store %zero, %p[%i] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[OWN]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %p : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %a : memref<16xf32>{{$}}

func.func @g(%c0: i1, %c1: i1, %arg: memref<16xf32>) {
  %i = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %c0, ^bb1, ^bb2(%arg : memref<16xf32>)
^bb1:
  %k = arith.extui %c1 : i1 to i32
  %ix = arith.index_cast %k : i32 to index
  %r = scf.index_switch %ix -> memref<16xf32>
  case 0 {
    %n = memref.alloc() : memref<16xf32>
    scf.yield %n : memref<16xf32>
  }
  default {
    scf.yield %a : memref<16xf32>
  }
  cf.br ^bb2(%r : memref<16xf32>)
^bb2(%p: memref<16xf32>):
  memref.store %zero, %p[%i] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @g(
// FIXED:       {{^}}  %[[NOT:memlint_not_[0-9_]+]] = arith.xori %c1, %memlint_true_{{[0-9]+}} : i1{{$}}
// FIXED-NEXT:  {{^}}  cf.br ^bb2(%r, %[[NOT]] : memref<16xf32>, i1){{$}}
// FIXED-NEXT:  {{^}}^bb2(%p: memref<16xf32>, %[[GOWN:memlint_own_[0-9_]+]]: i1):{{$}}
// FIXED-NEXT:  {{^}}  memref.store %zero, %p[%i] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[GOWN]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %p : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
