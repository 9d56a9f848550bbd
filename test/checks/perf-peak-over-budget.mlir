// RUN: not mlir-memlint --split-input-file --base-dir %S --checks='-*,perf-peak-over-budget' --memory-budget 0=8192 --memory-budget 1=4096 %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not mlir-memlint --split-input-file --checks='-*,perf-peak-over-budget' --memory-budget 0=8192 --memory-budget 1=4096 %s 2>/dev/null
// Without budgets the check reports nothing.
// RUN: mlir-memlint --split-input-file --checks='-*,perf-peak-over-budget' %s 2>&1 | FileCheck %s --check-prefix=NONE --allow-empty
// NONE-NOT: perf-peak-over-budget
// Budgets from the config file, and the command line overriding them.
// RUN: not mlir-memlint --base-dir %S/Inputs/budget %S/Inputs/budget/tiles.mlir 2>&1 | FileCheck %s --check-prefix=CONFIG
// CONFIG: tiles.mlir:1:1: error: function '@two_tiles' needs 131072 bytes of memory space 1 at its planned peak (lower bound 131072, 2 buffers), over the budget of 65536 bytes [perf-peak-over-budget]
// RUN: mlir-memlint --memory-budget 1=131072 %S/Inputs/budget/tiles.mlir 2>&1 | FileCheck %s --check-prefix=OVERRIDE --allow-empty
// OVERRIDE-NOT: error:
// Dynamic shapes count with --assume-dim only.
// RUN: not mlir-memlint --split-input-file --base-dir %S --checks='-*,perf-peak-over-budget' --memory-budget 0=8192 --memory-budget 1=4096 --assume-dim 4096 %s 2>&1 | FileCheck %s --check-prefix=DIM
// DIM: perf-peak-over-budget.mlir:[[# @LINE + 76]]:1: error: function '@dynamic' needs 16384 bytes of memory space 0 at its planned peak (lower bound 16384, 1 buffer), over the budget of 8192 bytes [perf-peak-over-budget]
// Bad budgets are usage errors.
// RUN: not mlir-memlint --memory-budget 0=lots %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: invalid --memory-budget '0=lots': expected SPACE=BYTES with BYTES a positive integer

// Two 4 KiB buffers live at the same time: 8 KiB, within the budget of
// space 0. no-warning
func.func @fits(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return
}

// -----

// Three 4 KiB buffers live at once: 12 KiB > 8 KiB.
// CHECK: perf-peak-over-budget.mlir:[[@LINE+2]]:1: error: function '@three' needs 12288 bytes of memory space 0 at its planned peak (lower bound 12288, 3 buffers), over the budget of 8192 bytes [perf-peak-over-budget]
// CHECK: :[[@LINE+2]]:8: note: largest buffer '%a' (4096 bytes) allocated here
func.func @three(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  %c = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  memref.store %f, %c[%i] : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  memref.dealloc %c : memref<1024xf32>
  return
}

// -----

// Three 4 KiB buffers, written with late deallocs (12 KiB as written), but
// the plan reuses: each is dead before the next is allocated. no-warning
func.func @planned_reuse(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  %c = memref.alloc() : memref<1024xf32>
  memref.store %f, %c[%i] : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  memref.dealloc %c : memref<1024xf32>
  return
}

// -----

// Space 1 has a budget of 4 KiB: one 8 KiB buffer is over it.
// CHECK: perf-peak-over-budget.mlir:[[@LINE+1]]:1: error: function '@device' needs 8192 bytes of memory space 1 at its planned peak (lower bound 8192, 1 buffer), over the budget of 4096 bytes [perf-peak-over-budget]
func.func @device(%i: index, %f: f32) {
  %a = memref.alloc() : memref<2048xf32, 1>
  memref.store %f, %a[%i] : memref<2048xf32, 1>
  memref.dealloc %a : memref<2048xf32, 1>
  return
}

// -----

// Space 2 has no budget. no-warning
func.func @no_budget(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1000000xf32, 2>
  memref.store %f, %a[%i] : memref<1000000xf32, 2>
  memref.dealloc %a : memref<1000000xf32, 2>
  return
}

// -----

// A dynamic shape is not planned without --assume-dim. no-warning
func.func @dynamic(%n: index, %i: index, %f: f32) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %a[%i] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  return
}

// -----

// A size that does not fit in 64 bits (2^64 bytes) is not a wrapped zero: it
// is over any budget, and the plan says "size overflows".
// CHECK: perf-peak-over-budget.mlir:[[@LINE+1]]:1: error: function '@overflowing_size' allocates '%a', whose size in bytes overflows 64 bits, in memory space 0, over the budget of 8192 bytes [perf-peak-over-budget]
func.func @overflowing_size() {
  %a = memref.alloc() : memref<4294967296x4294967296xi8>
  memref.dealloc %a : memref<4294967296x4294967296xi8>
  return
}
