// The ownership flag through an scf.while whose `after` region yields the
// buffer the `before` region allocated only under a decision (a select
// with memory the loop does not own: cfg seed 23063). The flag carried to
// the next iteration is that decision; the `after` region frees the buffer
// when the yield does not carry it, the `before` region frees the carried
// one under the flag, and the result is freed under the flag the loop
// returns (docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

// The select carries the buffer when %c is true.
func.func @when_true(%c: i1, %arg: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %i, %last = scf.while (%k = %c0, %cur = %arg) : (index, memref<16xf32>) -> (index, memref<16xf32>) {
    %more = arith.cmpi slt, %k, %c3 : index
    %new = memref.alloc() : memref<16xf32>
    scf.condition(%more) %k, %new : index, memref<16xf32>
  } do {
  ^bb0(%k2: index, %got: memref<16xf32>):
    %sel = arith.select %c, %got, %arg : memref<16xf32>
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3, %sel : index, memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @when_true(
// FIXED-NEXT: {{^}}  %memlint_true_[[L:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_false_[[L]] = arith.constant false{{$}}
// FIXED:      {{^}}  %i, %last, %memlint_owned_[[L]] = scf.while (%k = %c0, %cur = %arg, %memlint_own_[[L]] = %memlint_false_[[L]]) : (index, memref<16xf32>, i1) -> (index, memref<16xf32>, i1) {{{$}}
// FIXED-NEXT: {{^}}    scf.if %memlint_own_[[L]] {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %cur : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    %more = arith.cmpi slt, %k, %c3 : index{{$}}
// FIXED-NEXT: {{^}}    %new = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.condition(%more) %k, %new, %memlint_true_[[L]] : index, memref<16xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  } do {{{$}}
// FIXED-NEXT: {{^}}  ^bb0(%k2: index, %got: memref<16xf32>, %memlint_owna_[[L]]: i1):{{$}}
// FIXED-NEXT: {{^}}    %sel = arith.select %c, %got, %arg : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    %k3 = arith.addi %k2, %c1 : index{{$}}
// FIXED-NEXT: {{^}}    scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    } else {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %got : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    scf.yield %k3, %sel, %c : index, memref<16xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_owned_[[L]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %last : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return{{$}}

// The select carries the buffer when a condition of the `after` region is
// false: the flag is its negation.
func.func @when_false(%n: index, %arg: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i, %last = scf.while (%k = %c0, %cur = %arg) : (index, memref<16xf32>) -> (index, memref<16xf32>) {
    %more = arith.cmpi slt, %k, %n : index
    %new = memref.alloc() : memref<16xf32>
    scf.condition(%more) %k, %new : index, memref<16xf32>
  } do {
  ^bb0(%k2: index, %got: memref<16xf32>):
    %odd = arith.cmpi eq, %k2, %c1 : index
    %sel = arith.select %odd, %arg, %got : memref<16xf32>
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3, %sel : index, memref<16xf32>
  }
  %v = memref.load %last[%c0] : memref<16xf32>
  return %v : f32
}
// FIXED-LABEL: func.func @when_false(
// FIXED:      {{^}}  ^bb0(%k2: index, %got: memref<16xf32>, %memlint_owna_[[M:[0-9]+]]: i1):{{$}}
// FIXED-NEXT: {{^}}    %odd = arith.cmpi eq, %k2, %c1 : index{{$}}
// FIXED-NEXT: {{^}}    %sel = arith.select %odd, %arg, %got : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    %k3 = arith.addi %k2, %c1 : index{{$}}
// FIXED-NEXT: {{^}}    %memlint_fresh_[[M]] = arith.xori %odd, %memlint_true_[[M]] : i1{{$}}
// FIXED-NEXT: {{^}}    scf.if %odd {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %got : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    scf.yield %k3, %sel, %memlint_fresh_[[M]] : index, memref<16xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  %v = memref.load %last[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_owned_[[M]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %last : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
