// A buffer freed in the body of a CFG loop it was allocated before (a
// double free from the second iteration on) and used nowhere else, in a
// function that returns the loop's own buffer: free once moves the dealloc
// to just after the allocation.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @outer(%n: index) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  cf.br ^bb1(%c0, %b : index, memref<16xf32>)
^bb1(%i: index, %cur: memref<16xf32>):
  %more = arith.cmpi slt, %i, %c3 : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %next = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %cur : memref<16xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^bb1(%i2, %next : index, memref<16xf32>)
^bb3:
  return %cur : memref<16xf32>
}
// FIXED-LABEL: func.func @outer(
// FIXED:      {{^}}  %a = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  %b = memref.alloc() : memref<16xf32>{{$}}
// FIXED:      {{^}}  %next = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %cur : memref<16xf32>{{$}}
