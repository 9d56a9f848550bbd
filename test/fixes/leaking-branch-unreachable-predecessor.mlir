// A CFG loop whose back-edge block hands the buffer to a callee that drops
// it, and that an unreachable block branches to as well: the edge from the
// unreachable block never runs, so the back-edge block is still the leaking
// branch's own, and the buffer is freed there after the call (and, in a
// second round, on the exit; cfg seed 72036).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @g0(%q0: memref<16xf32>) {
  return
}

// FIXED-LABEL: func.func @g1(
// FIXED: ^bb1(%f1: index):
// FIXED-NEXT: func.call @g0(%a)
// FIXED-NEXT: memref.dealloc %a : memref<16xf32>
// FIXED-NEXT: cf.br ^bb2(%f1 : index)
// FIXED: ^bb3:
// FIXED-NEXT: cf.br ^bb1(%c0 : index)
// FIXED-NEXT: ^bb4:
// FIXED-NEXT: memref.dealloc %a : memref<16xf32>
// FIXED-NEXT: return
func.func @g1() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb2(%c1 : index)
^bb1(%f1: index):
  func.call @g0(%a) : (memref<16xf32>) -> ()
  cf.br ^bb2(%f1 : index)
^bb2(%f2: index):
  %more = arith.cmpi sgt, %f2, %c0 : index
  %f3 = arith.subi %f2, %c1 : index
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %more, ^bb1(%f3 : index), ^bb4
^bb3:
  cf.br ^bb1(%c0 : index)
^bb4:
  return
}
