// Trip counts near the ends of int64_t are computed with checked arithmetic
// (no undefined behaviour; the sanitizer build would abort), and the bug in
// the loop is still found: on every path, as -2 to INT64_MAX is more than two
// trips.
// RUN: not mlir-memlint --allow-unregistered-dialect --checks='-*,lifetime-*' %s 2>&1 | FileCheck %s --implicit-check-not=error:

func.func @wide_loop() {
  %lb = arith.constant -2 : index
  %ub = arith.constant 9223372036854775807 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %a = memref.alloc() : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    // CHECK: [[@LINE+1]]:5: error: buffer '%a' is freed twice on every path [lifetime-double-free]
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

// A loop from the largest value of its order runs no trip, whatever the
// other bound: nothing inside is reached and the buffer leaks on every path
// (the mutation fuzzer's seed 14892 spent 66,000 steps entering such loops).
func.func @from_the_top(%n: index) {
  %max = arith.constant 9223372036854775807 : index
  %c1 = arith.constant 1 : index
  // CHECK: [[@LINE+1]]:8: error: buffer '%a' is leaked on every path [lifetime-leak]
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %max to %n step %c1 {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// `scf.for unsigned` compares unsigned: from 0 to -1 is 2^64 - 1 trips, so
// a free inside runs twice (a count past int64_t is explored as an unknown
// one: "some path"). Compared signed it would run none and leak.
func.func @unsigned_loop() {
  %c0 = arith.constant 0 : index
  %m1 = arith.constant -1 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for unsigned %i = %c0 to %m1 step %c1 {
    // CHECK: [[@LINE+1]]:5: error: buffer '%a' is freed twice on some path [lifetime-double-free]
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// From the largest unsigned value (-1) an unsigned loop runs no trip.
func.func @unsigned_from_the_top(%n: index) {
  %m1 = arith.constant -1 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for unsigned %i = %m1 to %n step %c1 {
    "test.use"(%a) : (memref<4xf32>) -> ()
  }
  memref.dealloc %a : memref<4xf32>
  return
}
