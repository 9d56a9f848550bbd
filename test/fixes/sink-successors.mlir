// A CFG loop that frees its buffer at the top of the loop header, then
// writes it in the loop body: a use after free on every path. No block
// joins the body and the exit, so the dealloc sinks into each successor of
// the header, after the last use there (gen seed 16019).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

// FIXED-LABEL: func.func @loop(
// FIXED:       ^bb1(%i: index, %buf: memref<16xf32>):
// FIXED-NEXT:    %more = arith.cmpi
// FIXED:         memref.store %cst, %buf[%c1] : memref<16xf32>
// FIXED-NEXT:    memref.dealloc %buf : memref<16xf32>
// FIXED:       ^bb3:
// FIXED-NEXT:    memref.dealloc %buf : memref<16xf32>
// FIXED-NEXT:    return
func.func @loop() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  cf.br ^bb1(%c0, %a : index, memref<16xf32>)
^bb1(%i: index, %buf: memref<16xf32>):
  memref.dealloc %buf : memref<16xf32>
  %more = arith.cmpi slt, %i, %c2 : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %next = memref.alloc() : memref<16xf32>
  memref.store %cst, %buf[%c1] : memref<16xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^bb1(%i1, %next : index, memref<16xf32>)
^bb3:
  return
}
