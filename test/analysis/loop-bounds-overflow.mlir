// Trip counts near the ends of int64_t are computed with checked arithmetic
// (no undefined behaviour; the sanitizer build would abort), and the bug in
// the loop is still found.
// RUN: not mlir-memlint --allow-unregistered-dialect --checks='-*,lifetime-*' %s 2>&1 | FileCheck %s --implicit-check-not=error:

func.func @wide_loop() {
  %lb = arith.constant -2 : index
  %ub = arith.constant 9223372036854775807 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %a = memref.alloc() : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    // CHECK: [[@LINE+1]]:5: error: buffer '%a' is freed twice on some path [lifetime-double-free]
    memref.dealloc %a : memref<4xf32>
  }
  return
}

func.func @last_steps() {
  %lb = arith.constant 9223372036854775800 : index
  %ub = arith.constant 9223372036854775807 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %lb to %ub step %c4 {
    "test.use"(%a) : (memref<4xf32>) -> ()
  }
  memref.dealloc %a : memref<4xf32>
  // CHECK: [[@LINE+1]]:3: error: buffer '%a' is freed twice on every path [lifetime-double-free]
  memref.dealloc %a : memref<4xf32>
  return
}
