// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{checks=-*,lifetime-alloca-in-loop})' --split-input-file --verify-diagnostics %s

func.func @while_loop(%n: i32) {
  %c0 = arith.constant 0 : i32
  // expected-note@+1 {{loop without an allocation scope here}}
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    // expected-warning@+1 {{stack buffer '%alloca' is allocated on every iteration of a loop that is not an allocation scope; the stack grows until the function returns [lifetime-alloca-in-loop]}}
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
  // expected-warning@+1 {{stack buffer '%alloca' is allocated on every iteration of a loop that is not an allocation scope; the stack grows until the function returns [lifetime-alloca-in-loop]}}
  %t = memref.alloca() : memref<16xf32>
  %next = arith.addi %i, %c1 : index
  %done = arith.cmpi sge, %next, %n : index
  // expected-note@+1 {{loop back-edge here}}
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
