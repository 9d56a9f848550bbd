// A leak whose last reference is lost inside a loop that does not use the
// buffer (docs/fixits.md, "guards"; generator seed 8193): the function
// returns a select of %a1 and %a2 and frees %a2 when it returns %a1, so %a1
// leaks when %c is false. Freeing it where the path loses it, in the loop's
// body, would free it once per iteration, and after its last use in ^bb3 on
// every path; it is freed before the loop, when %c is false.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @pick(%c: i1, %n: index) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a1 = memref.alloc() : memref<16xf32>
  %a2 = memref.alloc() : memref<16xf32>
  %sel = arith.select %c, %a1, %a2 : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  memref.store %one, %a1[%c0] : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<16xf32>
    memref.store %one, %t[%i] : memref<16xf32>
    memref.dealloc %t : memref<16xf32>
  }
  scf.if %c {
    memref.dealloc %a2 : memref<16xf32>
  }
  return %sel : memref<16xf32>
}
// FIXED-LABEL: func.func @pick
// FIXED:       ^bb3:
// FIXED-NEXT:    memref.store %one, %a1[%c0] : memref<16xf32>
// FIXED-NEXT:    scf.if %c {
// FIXED-NEXT:    } else {
// FIXED-NEXT:      memref.dealloc %a1 : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.for %i = %c0 to %n step %c1 {
// FIXED-NEXT:      %t = memref.alloc() : memref<16xf32>
// FIXED:         scf.if %c {
// FIXED-NEXT:      memref.dealloc %a2 : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %sel : memref<16xf32>
