// A double free whose first free, in an scf.for body, frees the
// iteration's own buffer, which the iteration then yields in the position
// of an iter_arg it drops (gen seed 25011): the iter_arg is freed instead,
// under the dealloc's guard; with a select of the two after the dealloc,
// the one the select does not pass on is freed after it. One fix-it fixes
// the double free and the leak of what the loop was given. A guarded
// dealloc in a branch of an scf.if on the same condition that never runs
// is no candidate (docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

// The select keeps what the loop was given when %c is true.
func.func @select(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%held = %init) -> (memref<16xf32>) {
    %new = memref.alloc() : memref<16xf32>
    memref.dealloc %new : memref<16xf32>
    %next = arith.select %c, %held, %new : memref<16xf32>
    scf.yield %next : memref<16xf32>
  }
  memref.dealloc %r : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @select(
// FIXED:      {{^}}    %new = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    %next = arith.select %c, %held, %new : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if %c {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %new : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    } else {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %held : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    scf.yield %next : memref<16xf32>{{$}}

// An ownership flag travels with the iter_arg; the branch that replaces
// the buffer freed the new one under the flag of the old.
func.func @flagged(%c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %true = arith.constant true
  %init = memref.alloc() : memref<16xf32>
  %r, %own = scf.for %i = %c0 to %c2 step %c1 iter_args(%held = %init, %flag = %true) -> (memref<16xf32>, i1) {
    %new = memref.alloc() : memref<16xf32>
    %b, %f = scf.if %c -> (memref<16xf32>, i1) {
      memref.dealloc %new : memref<16xf32>
      scf.yield %held, %flag : memref<16xf32>, i1
    } else {
      scf.if %flag {
        memref.dealloc %new : memref<16xf32>
      }
      scf.yield %new, %true : memref<16xf32>, i1
    }
    scf.yield %b, %f : memref<16xf32>, i1
  }
  scf.if %own {
    memref.dealloc %r : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @flagged(
// FIXED:      {{^}}    } else {{{$}}
// FIXED-NEXT: {{^}}      scf.if %flag {{{$}}
// FIXED-NEXT: {{^}}        memref.dealloc %held : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}      }{{$}}
// FIXED-NEXT: {{^}}      scf.yield %new, %true : memref<16xf32>, i1{{$}}
// FIXED-NOT:  scf.if %c {
