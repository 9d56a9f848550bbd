// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{checks=-*,lifetime-leak})' --split-input-file --allow-unregistered-dialect --verify-diagnostics %s

// Leak on one side of an scf.if.
func.func @leak_on_branch(%c: i1) {
  // expected-error@+2 {{buffer '%alloc' is leaked on some path [lifetime-leak]}}
  // expected-note@+1 {{buffer allocated here}}
  %a = memref.alloc() : memref<16xf32>
  // expected-note@+1 {{taking the false branch}}
  scf.if %c {
    memref.dealloc %a : memref<16xf32>
  }
  // expected-note@+1 {{buffer leaks at function exit}}
  return
}

// -----

// Never freed: every path.
func.func @leak_all() {
  // expected-error@+2 {{buffer '%alloc' is leaked on every path [lifetime-leak]}}
  // expected-note@+1 {{buffer allocated here}}
  %a = memref.alloc() : memref<16xf32>
  // expected-note@+1 {{buffer leaks at function exit}}
  return
}

// -----

// no-warning: returned buffers escape to the caller.
func.func @returned() -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  return %a : memref<16xf32>
}

// -----

// no-warning: handed to an op with unknown effects.
func.func @unknown_op() {
  %a = memref.alloc() : memref<16xf32>
  "foreign.keep"(%a) : (memref<16xf32>) -> ()
  return
}

// -----

// no-warning: freed through a cast alias and through a select on the same
// condition that later decides which one to free.
func.func @correlated(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %m = arith.select %c, %a, %b : memref<16xf32>
  %n = memref.cast %m : memref<16xf32> to memref<?xf32>
  memref.dealloc %n : memref<?xf32>
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<16xf32>
  } else {
    memref.dealloc %b : memref<16xf32>
  }
  return
}


// -----

// Leak in an unstructured loop: each iteration drops the previous buffer.
func.func @cf_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  // expected-error@+2 {{buffer '%alloc' is leaked on every path [lifetime-leak]}}
  // expected-note@+1 {{buffer allocated here}}
  %t = memref.alloc() : memref<16xf32>
  %next = arith.addi %i, %c1 : index
  %done = arith.cmpi sge, %next, %n : index
  // The back-edge loses the last reference (the next iteration allocates
  // another buffer).
  // expected-note@+2 {{taking the false branch}}
  // expected-note@+1 {{last reference to the buffer is lost here}}
  cf.cond_br %done, ^exit, ^loop(%next : index)
^exit:
  return
}

// -----

// A hoisted alloc whose dealloc stayed in the loop leaks when the loop runs
// zero times.
func.func @hoisted(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error@+2 {{buffer '%alloc' is leaked on some path [lifetime-leak]}}
  // expected-note@+1 {{buffer allocated here}}
  %a = memref.alloc() : memref<16xf32>
  // expected-note@+1 {{skipping the loop (no iteration)}}
  scf.for %i = %c0 to %n step %c1 {
    memref.dealloc %a : memref<16xf32>
  }
  // expected-note@+1 {{buffer leaks at function exit}}
  return
}

// -----

// bufferization.clone never freed.
func.func @clone(%arg: memref<16xf32>) {
  // expected-error@+2 {{buffer '%0' is leaked on every path [lifetime-leak]}}
  // expected-note@+1 {{buffer allocated here}}
  %c = bufferization.clone %arg : memref<16xf32> to memref<16xf32>
  // expected-note@+1 {{buffer leaks at function exit}}
  return
}

// -----

// A buffer returned by a callee and dropped by the caller: reported at the
// call.
func.func private @make() -> memref<16xf32> {
  // expected-note@+1 {{buffer allocated here}}
  %a = memref.alloc() : memref<16xf32>
  return %a : memref<16xf32>
}
func.func @caller() {
  // expected-error@+3 {{buffer returned by this call is leaked on every path (allocated as '%alloc' in the callee) [lifetime-leak]}}
  // expected-note@+2 {{calling '@make'}}
  // expected-note@+1 {{returning from '@make'}}
  %b = func.call @make() : () -> memref<16xf32>
  // expected-note@+1 {{buffer leaks at function exit}}
  return
}

// -----

// no-warning: loops over the same bounds are entered together (both run iff
// %c0 < %n), so the inner loop always frees what the outer one allocated.
func.func @same_bounds(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.alloc() : memref<16xf32>
    scf.for %j = %c0 to %n step %c1 {
      memref.dealloc %a : memref<16xf32>
    }
  }
  return
}

// -----

// scf.forall: its terminator is not a RegionBranchTerminatorOpInterface; the
// body still loops and the code after the op is still explored.
func.func @forall_leak() {
  // expected-note@+3 {{entering the loop body (iteration 1)}}
  // expected-note@+2 {{leaving the loop after 1 iteration}}
  // expected-note@+1 {{last reference to the buffer is lost here}}
  scf.forall (%i) in (8) {
    // expected-error@+2 {{buffer '%alloc_0' is leaked on every path [lifetime-leak]}}
    // expected-note@+1 {{buffer allocated here}}
    %a = memref.alloc() : memref<4xf32>
  }
  // expected-error@+2 {{buffer '%alloc' is leaked on every path [lifetime-leak]}}
  // expected-note@+1 {{buffer allocated here}}
  %b = memref.alloc() : memref<4xf32>
  // expected-note@+1 {{buffer leaks at function exit}}
  return
}
