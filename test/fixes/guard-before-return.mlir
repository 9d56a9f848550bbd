// A leak whose path loses the buffer in a callee, where the last use of the
// buffer where the paths of its uses join is the function's return
// (docs/fixits.md, "guards"; generator seed 47119, reduced): the function
// returns a select of %a1 and %a2 and frees %a2 when it returns %a1, so %a1
// leaks when %c is false. The branch on %c before tells the analysis which
// one the select holds, so the path reported loses %a1 after its last use,
// in the helper it calls next. No place after the return frees it; it is
// freed before the return, when %c is false (the return then hands out %a2).
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

func.func @pick(%c: i1) -> memref<16xf32> {
  %i1 = arith.constant 1 : index
  %a1 = memref.alloc() : memref<16xf32>
  %a2 = memref.alloc() : memref<16xf32>
  %sel = arith.select %c, %a1, %a2 : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  func.call @g_free(%a2) : (memref<16xf32>) -> ()
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %t = memref.alloc() : memref<16xf32>
  %x = memref.load %a1[%i1] : memref<16xf32>
  func.call @g_free(%t) : (memref<16xf32>) -> ()
  return %sel : memref<16xf32>
}
// FIXED-LABEL: func.func @pick
// FIXED:       ^bb3:
// FIXED-NEXT:    %t = memref.alloc() : memref<16xf32>
// FIXED-NEXT:    %x = memref.load %a1[%i1] : memref<16xf32>
// FIXED-NEXT:    func.call @g_free(%t) : (memref<16xf32>) -> ()
// FIXED-NEXT:    scf.if %c {
// FIXED-NEXT:    } else {
// FIXED-NEXT:      memref.dealloc %a1 : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %sel : memref<16xf32>
