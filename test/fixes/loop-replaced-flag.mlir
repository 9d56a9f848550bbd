// A loop whose body's scf.if yields a fresh buffer in one branch and passes
// the carried one on in the other (cfg seed 28055, reduced): the carried
// buffer dies in the branch that replaces it, where it may be the loop's
// own (an earlier iteration's) or the init, which the loop does not own. A
// flag carried with the loop, yielded as select(%c4, true, flag); the
// replacing branch frees the carried buffer under it, and the loop's result
// is freed under it after the loop. (The witness of the leak is lost in
// the callee's return, so the local strategies that need the loss in the
// function offer nothing.)
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @g(%q0: memref<16xf32>, %q1: memref<16xf32>) {
  return
}

func.func @f(%c4: i1, %arg: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %iv = %c0 to %c3 step %c1 iter_args(%it = %arg) -> (memref<16xf32>) {
    %r60 = scf.if %c4 -> (memref<16xf32>) {
      %a57 = memref.alloc() : memref<16xf32>
      func.call @g(%it, %a57) : (memref<16xf32>, memref<16xf32>) -> ()
      scf.yield %a57 : memref<16xf32>
    } else {
      scf.yield %it : memref<16xf32>
    }
    scf.yield %r60 : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @f(
// FIXED-NEXT:    %[[TRUE:memlint_repl_true_[0-9_]+]] = arith.constant true
// FIXED-NEXT:    %[[FALSE:memlint_repl_false_[0-9_]+]] = arith.constant false
// FIXED:         %r, %[[OWNED:memlint_repld_[0-9_]+]] = scf.for %iv = %c0 to %c3 step %c1 iter_args(%it = %arg, %[[OWN:memlint_repl_[0-9_]+]] = %[[FALSE]]) -> (memref<16xf32>, i1) {
// FIXED:             func.call @g(%it, %a57)
// FIXED-NEXT:        scf.if %[[OWN]] {
// FIXED-NEXT:          memref.dealloc %it : memref<16xf32>
// FIXED-NEXT:        }
// FIXED-NEXT:        scf.yield %a57 : memref<16xf32>
// FIXED:           %[[NEXT:memlint_repl_next_[0-9_]+]] = arith.select %c4, %[[TRUE]], %[[OWN]] : i1
// FIXED-NEXT:      scf.yield %r60, %[[NEXT]] : memref<16xf32>, i1
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.if %[[OWNED]] {
// FIXED-NEXT:      memref.dealloc %r : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return
