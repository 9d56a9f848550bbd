// Free sites that are calls (docs/fixits.md, "free once"): a call of a helper
// that only frees its argument is a dealloc written elsewhere, so the free-once
// construction deletes, guards or moves it like a dealloc: the caller frees
// what it returns through the helper, a select frees one of two buffers and the
// helper one of them again, an scf.if result frees a buffer the helper frees
// again under another condition.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 5 fix-its, 0 findings left

func.func @release(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}

// The caller frees what it returns, through the helper.
func.func @make(%n: index) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  memref.store %one, %a[%c0] : memref<16xf32>
  func.call @release(%a) : (memref<16xf32>) -> ()
  return %a : memref<16xf32>
}
// FIXED-LABEL: func.func @make(
// FIXED:      {{^}}  memref.store %one, %a[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return %a : memref<16xf32>{{$}}

// %s frees %a or %b; the helper frees %b again.
func.func @pick(%c: i1) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %one, %b[%c0] : memref<16xf32>
  %s = arith.select %c, %a, %b : memref<16xf32>
  memref.dealloc %s : memref<16xf32>
  func.call @release(%b) : (memref<16xf32>) -> ()
  return
}
// FIXED-LABEL: func.func @pick(
// FIXED:      {{^}}  %s = arith.select %c, %a, %b : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %s : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  func.call @release(%b) : (memref<16xf32>) -> (){{$}}
// FIXED-NEXT: {{^}}  return{{$}}

// %r is %a or a fresh buffer; the helper frees %r, and %a again when %d.
func.func @twice(%c: i1, %d: i1) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %r = scf.if %c -> (memref<16xf32>) {
    %fresh = memref.alloc() : memref<16xf32>
    scf.yield %fresh : memref<16xf32>
  } else {
    scf.yield %a : memref<16xf32>
  }
  memref.store %one, %r[%c0] : memref<16xf32>
  func.call @release(%r) : (memref<16xf32>) -> ()
  scf.if %d {
    func.call @release(%a) : (memref<16xf32>) -> ()
  }
  return
}
// FIXED-LABEL: func.func @twice(
// FIXED:      {{^}}  memref.store %one, %r[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  func.call @release(%r) : (memref<16xf32>) -> (){{$}}
// FIXED-NEXT: {{^}}  scf.if %d {{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    func.call @release(%a) : (memref<16xf32>) -> (){{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
