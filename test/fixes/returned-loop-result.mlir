// The derivation of a value from a buffer goes through the results of an
// scf.for: a loop of no iteration (constant bounds) hands on its init
// values, so the dealloc of its result that frees the buffer the function
// returns goes ("stop freeing the value the function returns",
// docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @swap_none(%arg: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %r0, %r1 = scf.for %i = %c0 to %c0 step %c1 iter_args(%x = %a, %y = %b) -> (memref<16xf32>, memref<16xf32>) {
    scf.yield %y, %x : memref<16xf32>, memref<16xf32>
  }
  memref.dealloc %r0 : memref<16xf32>
  memref.dealloc %r1 : memref<16xf32>
  return %a : memref<16xf32>
}
// FIXED-LABEL: func.func @swap_none(
// FIXED:      {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %r1 : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return %a : memref<16xf32>{{$}}
