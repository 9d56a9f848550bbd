// Two buffers, one freed in each branch of an scf.if, then a select of them
// freed again: every path frees both before a CFG loop whose header reads
// one of them on each iteration (a use after free). Moving one free alone
// leaves the other path freeing it first; free once keeps the other buffer
// freed by the select under its condition and frees the read buffer once,
// after the loop (its last use is in the loop's header, which runs on
// every iteration; the free goes to the block that post-dominates it out
// of the loop), not after that read (gen seed 51086).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

// FIXED-LABEL: func.func @f(
// FIXED:         scf.if %c1 {
// FIXED-NEXT:      memref.dealloc %a2 : memref<16xf32>
// FIXED-NEXT:    } else {
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.if %c1 {
// FIXED-NEXT:    } else {
// FIXED-NEXT:      memref.dealloc %sel : memref<16xf32>
// FIXED-NEXT:    }
// FIXED:       ^bb1(%ctr: index):
// FIXED-NEXT:    %x = memref.load %a1[%i1] : memref<16xf32>
// FIXED-NEXT:    %cmp = arith.cmpi
// FIXED:       ^bb3:
// FIXED-NEXT:    memref.dealloc %a1 : memref<16xf32>
// FIXED-NEXT:    return
func.func @f(%c1: i1, %n: index) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %a1 = memref.alloc() : memref<16xf32>
  %a2 = memref.alloc() : memref<16xf32>
  %sel = arith.select %c1, %a1, %a2 : memref<16xf32>
  scf.if %c1 {
    memref.dealloc %a2 : memref<16xf32>
  } else {
    memref.dealloc %a1 : memref<16xf32>
  }
  memref.dealloc %sel : memref<16xf32>
  cf.br ^bb1(%i0 : index)
^bb1(%ctr: index):
  %x = memref.load %a1[%i1] : memref<16xf32>
  %cmp = arith.cmpi slt, %ctr, %n : index
  cf.cond_br %cmp, ^bb2, ^bb3
^bb2:
  %next = arith.addi %ctr, %i1 : index
  cf.br ^bb1(%next : index)
^bb3:
  return
}
