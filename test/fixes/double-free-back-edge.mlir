// A double free whose first free, in the body of a CFG loop, frees the
// iteration's own buffer, which the back-edge then hands to the header's
// argument in place of what the argument held (gen seed 50078): the exit
// reads that buffer and frees it again, and what the loop was entered with
// leaks. The header's argument, which the back-edge drops, is freed
// instead, as for an scf.for's iter_arg (docs/fixits.md, "free the iter_arg
// instead of the iteration's own buffer"). One fix-it fixes the double
// free, the use after free and the leak; the exit keeps its dealloc after
// the read (the leak's own fix-it, a dealloc of %a1 at the exit with the
// exit's dealloc deleted, left the use after free).
// RUN: cp %s %t.mlir
// RUN: not mlir-memlint --checks='-*,lifetime-*' --show-fixes %t.mlir 2>&1 | FileCheck %s --check-prefix=SHOW
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// SHOW: note: fix-it: free the loop's block argument %buf, which the back-edge drops, instead of %a, which it hands on
// MSG: applied 2 fix-its, 0 findings left

// One iteration: the exit reads and frees the buffer of the first.
func.func @once() -> f32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  cf.br ^bb1(%i0, %init : index, memref<16xf32>)
^bb1(%i: index, %buf: memref<16xf32>):
  %more = arith.cmpi slt, %i, %i1 : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %next = arith.addi %i, %i1 : index
  cf.br ^bb1(%next, %a : index, memref<16xf32>)
^bb3:
  %x = memref.load %buf[%i0] : memref<16xf32>
  memref.dealloc %buf : memref<16xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @once(
// FIXED:      {{^}}  %a = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %buf : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  %next = arith.addi %i, %i1 : index{{$}}
// FIXED:      {{^}}  %x = memref.load %buf[%i0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %buf : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return %x : f32{{$}}

// A trip count not known: the same on every path that iterates.
func.func @any(%n: index) -> f32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  cf.br ^bb1(%i0, %init : index, memref<16xf32>)
^bb1(%i: index, %buf: memref<16xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %b = memref.alloc() : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  %next = arith.addi %i, %i1 : index
  cf.br ^bb1(%next, %b : index, memref<16xf32>)
^bb3:
  %x = memref.load %buf[%i0] : memref<16xf32>
  memref.dealloc %buf : memref<16xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @any(
// FIXED:      {{^}}  %b = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %buf : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  %next = arith.addi %i, %i1 : index{{$}}
// FIXED:      {{^}}  %x = memref.load %buf[%i0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %buf : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return %x : f32{{$}}
