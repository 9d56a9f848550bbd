// RUN: not mlir-memlint --split-input-file --base-dir %S --checks='-*,lifetime-double-free' %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

// Freed twice through an alias.
func.func @alias(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  %v = memref.cast %a : memref<16xf32> to memref<?xf32>
  memref.dealloc %a : memref<16xf32>
  // CHECK: lifetime-double-free.mlir:[[@LINE+3]]:3: error: buffer '%a' is freed twice on every path (through alias '%v') [lifetime-double-free]
  // CHECK: :[[@LINE-2]]:3: note: buffer deallocated here
  // CHECK: :[[@LINE+1]]:3: note: buffer freed again
  memref.dealloc %v : memref<?xf32>
  return
}

// -----

// Hoisted alloc, dealloc left in the loop: freed again from the 2nd trip.
func.func @hoisted(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    // CHECK: :[[@LINE+1]]:5: error: buffer '%a' is freed twice on some path [lifetime-double-free]
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
  memref.dealloc %m : memref<16xf32>
  return
}
func.func @caller() {
  %a = memref.alloc() : memref<16xf32>
  func.call @release(%a) : (memref<16xf32>) -> ()
  // CHECK: :[[@LINE+1]]:3: error: buffer '%a' is freed twice on every path [lifetime-double-free]
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
