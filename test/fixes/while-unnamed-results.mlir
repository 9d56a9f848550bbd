// The ownership flag carried through an scf.while whose results are not
// named (nothing uses them; upstream `while_two_arg` and `while_three_arg`
// of buffer-deallocation.mlir): the fix names them, to free the result
// under the flag the loop returns; and the scf.yield written `%x: T` (no
// blank before the colon) takes the flag too.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 5 fix-its, 0 findings left

func.func private @more() -> i1

// %b replaces the buffer %arg2 held, which is %a on entry (%arg1 still
// holds it): freed under the flag in the next iteration, the last one
// after the loop.
func.func @while_two_arg(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  scf.while (%arg1 = %a, %arg2 = %a) : (memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>) {
    %c = func.call @more() : () -> i1
    scf.condition(%c) %arg1, %arg2 : memref<?xf32>, memref<?xf32>
  } do {
  ^bb0(%arg1: memref<?xf32>, %arg2: memref<?xf32>):
    %b = memref.alloc(%n) : memref<?xf32>
    scf.yield %arg1, %b : memref<?xf32>, memref<?xf32>
  }
  return
}
// FIXED-LABEL: func.func @while_two_arg(
// FIXED-NEXT: {{^}}  %memlint_true_[[L:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_false_[[L]] = arith.constant false{{$}}
// FIXED-NEXT: {{^}}  %a = memref.alloc(%n) : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}  %memlint_while_[[L]]_0, %memlint_while_[[L]]_1, %memlint_owned_[[L]] = scf.while (%arg1 = %a, %arg2 = %a, %memlint_own_[[L]] = %memlint_false_[[L]]) : (memref<?xf32>, memref<?xf32>, i1) -> (memref<?xf32>, memref<?xf32>, i1) {{{$}}
// FIXED-NEXT: {{^}}    %c = func.call @more() : () -> i1{{$}}
// FIXED-NEXT: {{^}}    scf.condition(%c) %arg1, %arg2, %memlint_own_[[L]] : memref<?xf32>, memref<?xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  } do {{{$}}
// FIXED-NEXT: {{^}}  ^bb0(%arg1: memref<?xf32>, %arg2: memref<?xf32>, %memlint_owna_[[L]]: i1):{{$}}
// FIXED-NEXT: {{^}}    scf.if %memlint_owna_[[L]] {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %arg2 : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    %b = memref.alloc(%n) : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.yield %arg1, %b, %memlint_true_[[L]] : memref<?xf32>, memref<?xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_owned_[[L]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %memlint_while_[[L]]_1 : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}

// The yield rotates the buffers (`%arg2:` without a blank): %q replaces
// %arg1, freed under the flag.
func.func @while_three_arg(%n: index) {
  %a = memref.alloc(%n) : memref<?xf32>
  scf.while (%arg1 = %a, %arg2 = %a, %arg3 = %a) : (memref<?xf32>, memref<?xf32>, memref<?xf32>) -> (memref<?xf32>, memref<?xf32>, memref<?xf32>) {
    %c = func.call @more() : () -> i1
    scf.condition(%c) %arg1, %arg2, %arg3 : memref<?xf32>, memref<?xf32>, memref<?xf32>
  } do {
  ^bb0(%arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: memref<?xf32>):
    %b = memref.alloc(%n) : memref<?xf32>
    %q = memref.alloc(%n) : memref<?xf32>
    scf.yield %q, %b, %arg2: memref<?xf32>, memref<?xf32>, memref<?xf32>
  }
  return
}
// FIXED-LABEL: func.func @while_three_arg(
// FIXED-NEXT: {{^}}  %memlint_true_[[M:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_false_[[M]] = arith.constant false{{$}}
// FIXED-NEXT: {{^}}  %a = memref.alloc(%n) : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}  %memlint_while_[[M]]_0, %memlint_while_[[M]]_1, %memlint_while_[[M]]_2, %memlint_owned_[[M]] = scf.while (%arg1 = %a, %arg2 = %a, %arg3 = %a, %memlint_own_[[M]] = %memlint_false_[[M]]) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, i1) -> (memref<?xf32>, memref<?xf32>, memref<?xf32>, i1) {{{$}}
// FIXED-NEXT: {{^}}    %c = func.call @more() : () -> i1{{$}}
// FIXED-NEXT: {{^}}    scf.condition(%c) %arg1, %arg2, %arg3, %memlint_own_[[M]] : memref<?xf32>, memref<?xf32>, memref<?xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  } do {{{$}}
// FIXED-NEXT: {{^}}  ^bb0(%arg1: memref<?xf32>, %arg2: memref<?xf32>, %arg3: memref<?xf32>, %memlint_owna_[[M]]: i1):{{$}}
// FIXED-NEXT: {{^}}    scf.if %memlint_owna_[[M]] {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %arg1 : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    %b = memref.alloc(%n) : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}    %q = memref.alloc(%n) : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %b : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.yield %q, %b, %arg2, %memlint_true_[[M]]: memref<?xf32>, memref<?xf32>, memref<?xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_owned_[[M]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %memlint_while_[[M]]_0 : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
