// RUN: mlir-memlint --split-input-file --base-dir %S --checks='-*,lifetime-alloca-in-loop' %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not mlir-memlint --split-input-file --checks='-*,lifetime-alloca-in-loop' --fail-on=warning %s 2>/dev/null

func.func @while_loop(%n: i32) {
  %c0 = arith.constant 0 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    // CHECK: lifetime-alloca-in-loop.mlir:[[@LINE+2]]:10: warning: stack buffer '%t' is allocated on every iteration of a loop that is not an allocation scope; the stack grows until the function returns [lifetime-alloca-in-loop]
    // CHECK: :[[@LINE-2]]:8: note: loop without an allocation scope here
    %t = memref.alloca() : memref<16xf32>
    %cond = arith.cmpi slt, %i, %n : i32
    scf.condition(%cond) %i : i32
  } do {
  ^bb0(%i: i32):
    scf.yield %i : i32
  }
  return
}

// -----

func.func @cf_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  // CHECK: :[[@LINE+1]]:8: warning: stack buffer '%t' is allocated
  %t = memref.alloca() : memref<16xf32>
  %next = arith.addi %i, %c1 : index
  %done = arith.cmpi sge, %next, %n : index
  // CHECK: :[[@LINE+1]]:3: note: loop back-edge here
  cf.cond_br %done, ^exit, ^loop(%next : index)
^exit:
  return
}

// -----

// no-warning: scf.for bodies are allocation scopes.
func.func @for_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloca() : memref<16xf32>
  }
  return
}
