// The general strategies of docs/fixits.md on shapes no local edit fixes:
// a returned select whose branches free the buffer it returns, a buffer
// freed through an scf.if result, a callee that frees memory the caller does
// not always own, a loop-carried buffer replaced by the next iteration (an
// ownership flag carried as an iter_arg).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 6 fix-its, 0 findings left

// The returned buffer is one of two, chosen by %c; the branches on %c free
// the one that is returned and leak the other.
func.func @pick(%c: i1) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %r = arith.select %c, %a, %b : memref<16xf32>
  scf.if %c {
    memref.dealloc %a : memref<16xf32>
  } else {
    memref.dealloc %b : memref<16xf32>
  }
  return %r : memref<16xf32>
}
// FIXED-LABEL: func.func @pick
// FIXED:      {{^}}  %r = arith.select %c, %a, %b : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %b : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %r : memref<16xf32>{{$}}

// %t is %buf when %c is false: freeing %t and then %buf under %c frees
// %buf on every path, before the read at the end.
func.func @either(%c: i1, %i: index) -> f32 {
  %buf = memref.alloc() : memref<16xf32>
  %t = scf.if %c -> (memref<16xf32>) {
    %fresh = memref.alloc() : memref<16xf32>
    scf.yield %fresh : memref<16xf32>
  } else {
    scf.yield %buf : memref<16xf32>
  }
  memref.dealloc %t : memref<16xf32>
  scf.if %c {
    memref.dealloc %buf : memref<16xf32>
  }
  %v = memref.load %buf[%i] : memref<16xf32>
  return %v : f32
}
// FIXED-LABEL: func.func @either
// FIXED:      {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %t : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED:      {{^}}  %v = memref.load %buf[%i] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %buf : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return %v : f32{{$}}

// A callee that frees its argument, called on memory the caller does not
// own when %c is false.
func.func @release(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}
func.func @maybe_release(%c: i1, %arg: memref<16xf32>) {
  %m = scf.if %c -> (memref<16xf32>) {
    %fresh = memref.alloc() : memref<16xf32>
    scf.yield %fresh : memref<16xf32>
  } else {
    scf.yield %arg : memref<16xf32>
  }
  func.call @release(%m) : (memref<16xf32>) -> ()
  return
}
// FIXED-LABEL: func.func @maybe_release
// FIXED:      {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    func.call @release(%m) : (memref<16xf32>) -> (){{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return{{$}}

// The buffer of the previous iteration is replaced by the next one's.
func.func @rotate(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  %last = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<16xf32>) {
    %next = memref.alloc() : memref<16xf32>
    memref.copy %cur, %next : memref<16xf32> to memref<16xf32>
    scf.yield %next : memref<16xf32>
  }
  memref.dealloc %init : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @rotate
// FIXED-NEXT: {{^}}  %memlint_true_[[L:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_false_[[L]] = arith.constant false{{$}}
// FIXED:      {{^}}  %last, %memlint_owned_[[L]] = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init, %memlint_own_[[L]] = %memlint_false_[[L]]) -> (memref<16xf32>, i1) {{{$}}
// FIXED-NEXT: {{^}}    %next = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    memref.copy %cur, %next : memref<16xf32> to memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if %memlint_own_[[L]] {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %cur : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    scf.yield %next, %memlint_true_[[L]] : memref<16xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_owned_[[L]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %last : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %init : memref<16xf32>{{$}}
