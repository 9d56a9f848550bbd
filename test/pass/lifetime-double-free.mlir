// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{checks=-*,lifetime-double-free})' --split-input-file --verify-diagnostics %s

// Freed twice through an alias.
func.func @alias(%c: i1) {
  // expected-note@+1 {{buffer allocated here}}
  %a = memref.alloc() : memref<16xf32>
  %v = memref.cast %a : memref<16xf32> to memref<?xf32>
  // expected-note@+1 {{buffer deallocated here}}
  memref.dealloc %a : memref<16xf32>
  // expected-error@+2 {{buffer '%alloc' is freed twice on every path (through alias '%cast') [lifetime-double-free]}}
  // expected-note@+1 {{buffer freed again}}
  memref.dealloc %v : memref<?xf32>
  return
}

// -----

// Hoisted alloc, dealloc left in the loop: freed again from the 2nd trip.
func.func @hoisted(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note@+1 {{buffer allocated here}}
  %a = memref.alloc() : memref<16xf32>
  // expected-note@+2 {{entering the loop body (iteration 1)}}
  // expected-note@+1 {{entering the loop body (iteration 2)}}
  scf.for %i = %c0 to %n step %c1 {
    // expected-error@+3 {{buffer '%alloc' is freed twice on some path [lifetime-double-free]}}
    // expected-note@+2 {{buffer deallocated here}}
    // expected-note@+1 {{buffer freed again}}
    memref.dealloc %a : memref<16xf32>
  }
  return
}

// -----

// no-warning: the two frees are on exclusive paths of the same condition.
func.func @same_condition(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  scf.if %c {
    memref.dealloc %a : memref<16xf32>
  }
  %true = arith.constant true
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<16xf32>
  }
  return
}

// -----

// Across calls: the callee frees its argument, the caller frees it again.
func.func private @release(%m: memref<16xf32>) {
  // expected-note@+1 {{buffer deallocated here}}
  memref.dealloc %m : memref<16xf32>
  return
}
func.func @caller() {
  // expected-note@+1 {{buffer allocated here}}
  %a = memref.alloc() : memref<16xf32>
  // expected-note@+2 {{calling '@release'}}
  // expected-note@+1 {{returning from '@release'}}
  func.call @release(%a) : (memref<16xf32>) -> ()
  // expected-error@+2 {{buffer '%alloc' is freed twice on every path [lifetime-double-free]}}
  // expected-note@+1 {{buffer freed again}}
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// no-warning: correct unstructured loop.
func.func @cf_ok(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %t = memref.alloc() : memref<16xf32>
  memref.dealloc %t : memref<16xf32>
  %next = arith.addi %i, %c1 : index
  %done = arith.cmpi sge, %next, %n : index
  cf.cond_br %done, ^exit, ^loop(%next : index)
^exit:
  return
}
