// A call of a helper that only frees its argument, in the exit block of a CFG
// loop whose body frees the iteration before's buffer; the buffer is read in
// a block after it. The call is a free site as a dealloc is: it moves to the
// block where the paths of its uses join, after the last use there (gen seed
// 48001: the use after free was left, with no candidate; docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @g_free(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}
func.func @f(%n: index) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %a0 = memref.alloc() : memref<16xf32>
  cf.br ^bb1(%i0, %a0 : index, memref<16xf32>)
^bb1(%ctr: index, %buf: memref<16xf32>):
  %cmp = arith.cmpi slt, %ctr, %n : index
  cf.cond_br %cmp, ^bb2, ^bb3
^bb2:
  %a1 = memref.alloc() : memref<16xf32>
  memref.dealloc %buf : memref<16xf32>
  %next = arith.addi %ctr, %i1 : index
  cf.br ^bb1(%next, %a1 : index, memref<16xf32>)
^bb3:
  func.call @g_free(%buf) : (memref<16xf32>) -> ()
  cf.br ^bb4
^bb4:
  %x = memref.load %buf[%i1] : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:      {{^}}^bb3:{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb4{{$}}
// FIXED-NEXT: {{^}}^bb4:{{$}}
// FIXED-NEXT: {{^}}  %x = memref.load %buf[%i1] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  func.call @g_free(%buf) : (memref<16xf32>) -> (){{$}}
// FIXED-NEXT: {{^}}  return{{$}}
