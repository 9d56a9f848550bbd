// A buffer a region hands out that nobody frees after the region op: freed
// before the scf.yield when nobody uses the result; freed after its last use,
// under the condition of the branch that yields it, when the path loses it
// in a callee (docs/fixits.md, "Combined and nested").
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func private @g(%m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<?xf32>
  return
}

// The default branch allocates what the switch hands out, and nobody uses
// the result.
func.func @switch(%i: index, %arg: memref<16xf32>) {
  %r = scf.index_switch %i -> memref<16xf32>
  case 0 {
    scf.yield %arg : memref<16xf32>
  }
  default {
    %a = memref.alloc() : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @switch
// FIXED:      {{^}}  default {{{$}}
// FIXED-NEXT: {{^}}    %a = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.yield %a : memref<16xf32>{{$}}

// %r is a new buffer when %c is true and a view of %arg otherwise; the
// callee reads it.
func.func @callee_reads(%c: i1, %arg: memref<16xf32>) {
  %r = scf.if %c -> (memref<?xf32>) {
    %a = memref.alloc() : memref<16xf32>
    %d = memref.cast %a : memref<16xf32> to memref<?xf32>
    scf.yield %d : memref<?xf32>
  } else {
    %d = memref.cast %arg : memref<16xf32> to memref<?xf32>
    scf.yield %d : memref<?xf32>
  }
  func.call @g(%r) : (memref<?xf32>) -> ()
  return
}
// FIXED-LABEL: func.func @callee_reads
// FIXED:      {{^}}  func.call @g(%r) : (memref<?xf32>) -> (){{$}}
// FIXED-NEXT: {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %r : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
