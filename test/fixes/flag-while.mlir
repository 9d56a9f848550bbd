// The ownership flag carried through an scf.while (docs/fixits.md): a
// buffer allocated in the `after` region and carried to the next iteration,
// which replaces it, gets an i1 loop-carried flag (false on entry, true from
// the scf.yield, forwarded by scf.condition) that says whether the carried
// buffer is the loop's own; it is freed under the flag in the next
// iteration, and the result under the flag the loop returns. The same for a
// buffer the `before` region allocates and scf.condition hands over.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 4 fix-its, 0 findings left

// The result is read after the loop: freed after that read.
func.func @step(%n: index, %arg: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i, %last = scf.while (%k = %c0, %cur = %arg) : (index, memref<16xf32>) -> (index, memref<16xf32>) {
    %more = arith.cmpi slt, %k, %n : index
    scf.condition(%more) %k, %cur : index, memref<16xf32>
  } do {
  ^bb0(%k2: index, %cur2: memref<16xf32>):
    %next = memref.alloc() : memref<16xf32>
    memref.copy %cur2, %next : memref<16xf32> to memref<16xf32>
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3, %next : index, memref<16xf32>
  }
  %v = memref.load %last[%c0] : memref<16xf32>
  return %v : f32
}
// FIXED-LABEL: func.func @step(
// FIXED-NEXT: {{^}}  %memlint_true_[[L:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_false_[[L]] = arith.constant false{{$}}
// FIXED:      {{^}}  %i, %last, %memlint_owned_[[L]] = scf.while (%k = %c0, %cur = %arg, %memlint_own_[[L]] = %memlint_false_[[L]]) : (index, memref<16xf32>, i1) -> (index, memref<16xf32>, i1) {{{$}}
// FIXED-NEXT: {{^}}    %more = arith.cmpi slt, %k, %n : index{{$}}
// FIXED-NEXT: {{^}}    scf.condition(%more) %k, %cur, %memlint_own_[[L]] : index, memref<16xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  } do {{{$}}
// FIXED-NEXT: {{^}}  ^bb0(%k2: index, %cur2: memref<16xf32>, %memlint_owna_[[L]]: i1):{{$}}
// FIXED-NEXT: {{^}}    %next = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    memref.copy %cur2, %next : memref<16xf32> to memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if %memlint_owna_[[L]] {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %cur2 : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    %k3 = arith.addi %k2, %c1 : index{{$}}
// FIXED-NEXT: {{^}}    scf.yield %k3, %next, %memlint_true_[[L]] : index, memref<16xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  %v = memref.load %last[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_owned_[[L]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %last : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %v : f32{{$}}

// The result is handed on to other blocks: freed before each return.
func.func @step_cfg(%c: i1, %n: index, %arg: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i, %last = scf.while (%k = %c0, %cur = %arg) : (index, memref<16xf32>) -> (index, memref<16xf32>) {
    %more = arith.cmpi slt, %k, %n : index
    scf.condition(%more) %k, %cur : index, memref<16xf32>
  } do {
  ^bb0(%k2: index, %cur2: memref<16xf32>):
    %next = memref.alloc() : memref<16xf32>
    memref.copy %cur2, %next : memref<16xf32> to memref<16xf32>
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3, %next : index, memref<16xf32>
  }
  cf.cond_br %c, ^bb1(%last : memref<16xf32>), ^bb2
^bb1(%m: memref<16xf32>):
  %v = memref.load %m[%c0] : memref<16xf32>
  return %v : f32
^bb2:
  %w = memref.load %last[%c1] : memref<16xf32>
  return %w : f32
}
// FIXED-LABEL: func.func @step_cfg(
// FIXED:      {{^}}  cf.cond_br %c, ^bb1(%last : memref<16xf32>), ^bb2{{$}}
// FIXED-NEXT: {{^}}^bb1(%m: memref<16xf32>):{{$}}
// FIXED-NEXT: {{^}}  %v = memref.load %m[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_owned_[[L:[0-9]+]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %last : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %v : f32{{$}}
// FIXED-NEXT: {{^}}^bb2:{{$}}
// FIXED-NEXT: {{^}}  %w = memref.load %last[%c1] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_owned_[[L]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %last : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %w : f32{{$}}

// The `before` region drops the carried buffer (scf.condition forwards
// another): freed there under the flag, which scf.condition passes on as
// false.
func.func @drop(%n: index, %arg: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i, %last = scf.while (%k = %c0, %cur = %arg) : (index, memref<16xf32>) -> (index, memref<16xf32>) {
    %v = memref.load %cur[%c0] : memref<16xf32>
    %more = arith.cmpi slt, %k, %n : index
    scf.condition(%more) %k, %arg : index, memref<16xf32>
  } do {
  ^bb0(%k2: index, %cur2: memref<16xf32>):
    %next = memref.alloc() : memref<16xf32>
    memref.copy %cur2, %next : memref<16xf32> to memref<16xf32>
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3, %next : index, memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @drop(
// FIXED:      {{^}}    %v = memref.load %cur[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if %memlint_own_[[L:[0-9]+]] {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %cur : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    %more = arith.cmpi slt, %k, %n : index{{$}}
// FIXED-NEXT: {{^}}    scf.condition(%more) %k, %arg, %memlint_false_[[L]] : index, memref<16xf32>, i1{{$}}
// FIXED:      {{^}}    scf.yield %k3, %next, %memlint_true_[[L]] : index, memref<16xf32>, i1{{$}}

// Allocated in the `before` region and handed over by scf.condition; the
// `after` region passes it back, and the next `before` region replaces it.
func.func @from_before(%n: index, %arg: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i, %last = scf.while (%k = %c0, %cur = %arg) : (index, memref<16xf32>) -> (index, memref<16xf32>) {
    %next = memref.alloc() : memref<16xf32>
    memref.copy %cur, %next : memref<16xf32> to memref<16xf32>
    %more = arith.cmpi slt, %k, %n : index
    scf.condition(%more) %k, %next : index, memref<16xf32>
  } do {
  ^bb0(%k2: index, %cur2: memref<16xf32>):
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3, %cur2 : index, memref<16xf32>
  }
  %v = memref.load %last[%c0] : memref<16xf32>
  return %v : f32
}
// FIXED-LABEL: func.func @from_before(
// FIXED:      {{^}}  %i, %last, %memlint_owned_[[L:[0-9]+]] = scf.while (%k = %c0, %cur = %arg, %memlint_own_[[L]] = %memlint_false_[[L]]) : (index, memref<16xf32>, i1) -> (index, memref<16xf32>, i1) {{{$}}
// FIXED-NEXT: {{^}}    %next = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    memref.copy %cur, %next : memref<16xf32> to memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if %memlint_own_[[L]] {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %cur : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    %more = arith.cmpi slt, %k, %n : index{{$}}
// FIXED-NEXT: {{^}}    scf.condition(%more) %k, %next, %memlint_true_[[L]] : index, memref<16xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  } do {{{$}}
// FIXED-NEXT: {{^}}  ^bb0(%k2: index, %cur2: memref<16xf32>, %memlint_owna_[[L]]: i1):{{$}}
// FIXED-NEXT: {{^}}    %k3 = arith.addi %k2, %c1 : index{{$}}
// FIXED-NEXT: {{^}}    scf.yield %k3, %cur2, %memlint_owna_[[L]] : index, memref<16xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  %v = memref.load %last[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_owned_[[L]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %last : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
