// A buffer an scf.index_switch yields from one case and the caller's memory
// from the others, dropped by a branch whose block then runs a loop that
// does not use it (cfg seed 18017): the witness loses it inside the loop,
// outside the region of its allocation; the guarded dealloc goes before the
// loop, in the region of the switch's result, not once per iteration.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f(%c0: i1, %c1: i1, %arg: memref<16xf32>) {
  %k = arith.extui %c0 : i1 to i32
  %ix = arith.index_cast %k : i32 to index
  %r = scf.index_switch %ix -> memref<16xf32>
  case 0 {
    %a = memref.alloc() : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  default {
    scf.yield %arg : memref<16xf32>
  }
  cf.cond_br %c1, ^freed, ^lost
^freed:
  scf.if %c0 {
  } else {
    memref.dealloc %r : memref<16xf32>
  }
  cf.br ^exit
^lost:
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %step = arith.constant 1 : index
  scf.for %i = %lb to %ub step %step {
    scf.yield
  }
  cf.br ^exit
^exit:
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:       ^lost:
// FIXED:         %step = arith.constant 1 : index
// FIXED-NEXT:    scf.if %c0 {
// FIXED-NEXT:    } else {
// FIXED-NEXT:      memref.dealloc %r : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.for %i = %lb to %ub step %step {
// FIXED-NEXT:      scf.yield
// FIXED-NEXT:    }
// FIXED-NEXT:    cf.br ^exit
