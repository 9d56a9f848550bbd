// A buffer passed twice to a callee that frees it when an i1 argument says
// so: the first call passes false, the second a block argument. The guard is
// what the latest call passes, whose decision in the callee the witness
// records, not the first call's constant (cfg seed 78039).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @g1(%q0: i1, %q1: memref<?xf32>) {
  scf.if %q0 {
    memref.dealloc %q1 : memref<?xf32>
  }
  return
}

// FIXED-LABEL: func.func @f(
// FIXED: func.call @g1(%p, %r)
// FIXED-NEXT: scf.if %p {
// FIXED-NEXT: } else {
// FIXED-NEXT: memref.dealloc %a : memref<16xf32>
// FIXED-NEXT: }
// FIXED-NEXT: return
func.func @f(%c0: i1, %c5: i1) {
  %a = memref.alloc() : memref<16xf32>
  %r = memref.cast %a : memref<16xf32> to memref<?xf32>
  %false = arith.constant false
  func.call @g1(%false, %r) : (i1, memref<?xf32>) -> ()
  cf.cond_br %c0, ^bb1, ^bb2(%c0 : i1)
^bb1:
  cf.br ^bb2(%c5 : i1)
^bb2(%p: i1):
  func.call @g1(%p, %r) : (i1, memref<?xf32>) -> ()
  return
}
