// A select of two allocations whose result a helper that only frees frees,
// while the allocations are also freed on their own elsewhere, on a
// condition that does not match the select's (gen seed 24145): the
// construction of MLIR's ownership-based deallocation frees
// what the select does not pass on, under its condition, after the last use
// of either, and the other frees go (docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @free_it(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}

func.func @helper(%c: i1, %d: i1) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %a, %b : memref<16xf32>
  scf.if %d {
    memref.dealloc %b : memref<16xf32>
  } else {
    %v = memref.cast %a : memref<16xf32> to memref<?xf32>
    %w = memref.cast %v : memref<?xf32> to memref<16xf32>
    memref.dealloc %w : memref<16xf32>
  }
  func.call @free_it(%s) : (memref<16xf32>) -> ()
  return
}
// FIXED-LABEL: func.func @helper(
// FIXED:      {{^}}  scf.if %d {{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    %v = memref.cast %a : memref<16xf32> to memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}    %w = memref.cast %v : memref<?xf32> to memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %b : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  func.call @free_it(%s) : (memref<16xf32>) -> (){{$}}
