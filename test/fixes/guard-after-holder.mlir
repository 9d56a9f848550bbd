// A buffer one case of a switch uses, lost on the other case's path inside
// a loop that does not use it (cfg seed 17044): a dealloc there would run
// once per iteration, and one without a guard would free the caller's
// memory the scf.if yields on the other path. It goes after the switch,
// under the decision that yields the buffer.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f(%c0: i1, %c2: i1, %c4: i1, %arg: memref<16xf32>) {
  %r = scf.if %c4 -> (memref<16xf32>) {
    scf.yield %arg : memref<16xf32>
  } else {
    %a = memref.alloc() : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %cst = arith.constant 0.0 : f32
  memref.store %cst, %r[%i0] : memref<16xf32>
  %k = arith.extui %c2 : i1 to i32
  %ix = arith.index_cast %k : i32 to index
  scf.index_switch %ix
  case 0 {
    %sel = arith.select %c0, %arg, %r : memref<16xf32>
    scf.yield
  }
  default {
    %n = scf.while (%w = %i0) : (index) -> (index) {
      %ok = arith.cmpi slt, %w, %i3 : index
      scf.condition(%ok) %w : index
    } do {
    ^bb0(%y: index):
      %next = arith.addi %y, %i1 : index
      scf.yield %next : index
    }
    scf.yield
  }
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:           scf.yield %next : index
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.yield
// FIXED-NEXT:  }
// FIXED-NEXT:  scf.if %c4 {
// FIXED-NEXT:  } else {
// FIXED-NEXT:    memref.dealloc %r : memref<16xf32>
// FIXED-NEXT:  }
// FIXED-NEXT:  return
