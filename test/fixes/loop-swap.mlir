// An scf.for of constant bounds whose yield only permutes its iter_args (a
// swap): which buffer each result holds follows from the trip count
// (docs/fixits.md, "free once"), so the dealloc of the result that holds
// the buffer the function returns goes (gen seed 9145).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @swap_once() -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %r1, %r2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%x = %a, %y = %b) -> (memref<16xf32>, memref<16xf32>) {
    scf.yield %y, %x : memref<16xf32>, memref<16xf32>
  }
  memref.dealloc %r1 : memref<16xf32>
  memref.dealloc %r2 : memref<16xf32>
  return %b : memref<16xf32>
}
// FIXED-LABEL: func.func @swap_once(
// FIXED:       {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %r2 : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  return %b : memref<16xf32>{{$}}

func.func @swap_twice() -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %r1, %r2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a, %y = %b) -> (memref<16xf32>, memref<16xf32>) {
    scf.yield %y, %x : memref<16xf32>, memref<16xf32>
  }
  memref.dealloc %r1 : memref<16xf32>
  memref.dealloc %r2 : memref<16xf32>
  return %b : memref<16xf32>
}
// FIXED-LABEL: func.func @swap_twice(
// FIXED:       {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %r1 : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  return %b : memref<16xf32>{{$}}
