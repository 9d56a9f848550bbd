// The unsafe fix-it of perf-missed-reuse (DESIGN §4, only with --fix-unsafe):
// the later allocation becomes a cast of the earlier, dead buffer (a
// memref.reinterpret_cast when the shapes differ), the earlier dealloc moves
// to where the later one was, the later dealloc goes. Checked on the fixed
// file: it verifies, has no perf-missed-reuse finding but those without a
// fix-it and no new lifetime finding, and a second run changes nothing.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,perf-missed-reuse' --config='{CheckOptions: {perf-missed-reuse.Aggregate: false}}' --fix-unsafe %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,perf-missed-reuse' %t.mlir 2>&1 | FileCheck %s --check-prefix=LEFT
// RUN: not mlir-memlint --checks='-*,lifetime-*' %t.mlir 2>&1 | FileCheck %s --check-prefix=LIFE
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,perf-missed-reuse' --fix-unsafe %t.again.mlir 2>&1 | FileCheck %s --check-prefix=AGAIN
// RUN: cmp %t.mlir %t.again.mlir
//
// Without --fix-unsafe there is no fix-it, and --fix changes nothing.
// RUN: cp %s %t.safe.mlir
// RUN: mlir-memlint --checks='-*,perf-missed-reuse' --fix %t.safe.mlir 2>&1 | FileCheck %s --check-prefix=SAFE
// RUN: cmp %s %t.safe.mlir
// SAFE-NOT: applied
// SAFE: mlir-memlint: 8 warnings in 1 file
//
// With --fix-dry-run it prints the diff and writes nothing; aggregated (the
// default), the merged fix-it takes every site in one go.
// RUN: cp %s %t.dry.mlir
// RUN: mlir-memlint --checks='-*,perf-missed-reuse' --fix-unsafe --fix-dry-run %t.dry.mlir 2>/dev/null | FileCheck %s --check-prefix=DRY
// RUN: cmp %s %t.dry.mlir
// DRY:      -  memref.dealloc %a : memref<64xf32>
// DRY-NEXT:    // second stage
// DRY-NEXT: -  %b = memref.alloc() : memref<64xf32>
// DRY-NEXT: +  %b = memref.cast %a : memref<64xf32> to memref<64xf32>
// RUN: cp %s %t.agg.mlir
// RUN: mlir-memlint --checks='-*,perf-missed-reuse' --fix-unsafe %t.agg.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: cmp %t.mlir %t.agg.mlir

// MSG: applied {{[0-9]+}} fix-its, {{[56]}} findings left
// LEFT-COUNT-5: [perf-missed-reuse]
// LEFT-NOT: [perf-missed-reuse]
// AGAIN: mlir-memlint: 5 warnings in 1 file
// The only lifetime finding is @later_leaks's own leak.
// LIFE: error: buffer '%b' is leaked on every path [lifetime-leak]
// LIFE: mlir-memlint: 1 error in 1 file

// Same type: a cast.
func.func @same(%f: f32, %i: index) -> f32 {
  // first stage
  %a = memref.alloc() : memref<64xf32>
  memref.store %f, %a[%i] : memref<64xf32>
  %x = memref.load %a[%i] : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  // second stage
  %b = memref.alloc() : memref<64xf32>
  memref.store %x, %b[%i] : memref<64xf32>
  %y = memref.load %b[%i] : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %y : f32
}
// FIXED-LABEL: func.func @same
// FIXED:        %x = memref.load %a[%i] : memref<64xf32>
// FIXED-NEXT:   // second stage
// FIXED-NEXT:   %b = memref.cast %a : memref<64xf32> to memref<64xf32>
// FIXED-NEXT:   memref.store %x, %b[%i] : memref<64xf32>
// FIXED-NEXT:   %y = memref.load %b[%i] : memref<64xf32>
// FIXED-NEXT:   memref.dealloc %a : memref<64xf32>
// FIXED-NEXT:   return %y : f32

// Another shape of the same size, in memory space 1: a reinterpret_cast.
func.func @reshaped(%f: f32, %i: index) -> f32 {
  %a = memref.alloc() : memref<32xf32, 1>
  memref.store %f, %a[%i] : memref<32xf32, 1>
  %x = memref.load %a[%i] : memref<32xf32, 1>
  memref.dealloc %a : memref<32xf32, 1>
  %b = memref.alloc() : memref<4x8xf32, 1>
  memref.store %x, %b[%i, %i] : memref<4x8xf32, 1>
  %y = memref.load %b[%i, %i] : memref<4x8xf32, 1>
  memref.dealloc %b : memref<4x8xf32, 1>
  return %y : f32
}
// FIXED-LABEL: func.func @reshaped
// FIXED:      %b = memref.reinterpret_cast %a to offset: [0], sizes: [4, 8], strides: [8, 1] : memref<32xf32, 1> to memref<4x8xf32, 1>
// FIXED-NEXT: memref.store %x, %b[%i, %i] : memref<4x8xf32, 1>
// FIXED-NEXT: %y = memref.load %b[%i, %i] : memref<4x8xf32, 1>
// FIXED-NEXT: memref.dealloc %a : memref<32xf32, 1>

// A chain: %q reuses %p, %r reuses %q (its storage is %p's), in two rounds.
func.func @chain(%f: f32, %i: index) -> f32 {
  %p = memref.alloc() : memref<16xf32>
  memref.store %f, %p[%i] : memref<16xf32>
  %x = memref.load %p[%i] : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  memref.store %x, %q[%i] : memref<16xf32>
  %y = memref.load %q[%i] : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  %r = memref.alloc() : memref<2x8xf32>
  memref.store %y, %r[%i, %i] : memref<2x8xf32>
  %z = memref.load %r[%i, %i] : memref<2x8xf32>
  memref.dealloc %r : memref<2x8xf32>
  return %z : f32
}
// FIXED-LABEL: func.func @chain
// FIXED:      %q = memref.cast %p : memref<16xf32> to memref<16xf32>
// FIXED:      %r = memref.reinterpret_cast %p to offset: [0], sizes: [2, 8], strides: [8, 1] : memref<16xf32> to memref<2x8xf32>
// FIXED:      memref.dealloc %p : memref<16xf32>
// FIXED-NEXT: return %z

// Another element type: no fix-it (the finding stays).
func.func @other_element(%f: f32, %v: i32, %i: index) -> i32 {
  %a = memref.alloc() : memref<64xf32>
  memref.store %f, %a[%i] : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  %b = memref.alloc() : memref<64xi32>
  memref.store %v, %b[%i] : memref<64xi32>
  %y = memref.load %b[%i] : memref<64xi32>
  memref.dealloc %b : memref<64xi32>
  return %y : i32
}
// FIXED-LABEL: func.func @other_element
// FIXED: %b = memref.alloc() : memref<64xi32>

// The later buffer is never freed (a leak, for lifetime-leak to fix): no
// fix-it here either.
func.func @later_leaks(%f: f32, %i: index) -> f32 {
  %a = memref.alloc() : memref<64xf32>
  memref.store %f, %a[%i] : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  memref.store %f, %b[%i] : memref<64xf32>
  %y = memref.load %b[%i] : memref<64xf32>
  return %y : f32
}
// FIXED-LABEL: func.func @later_leaks
// FIXED: %b = memref.alloc() : memref<64xf32>

// A larger earlier buffer: reusing it would hold its 256 bytes for the
// later 128: no fix-it (the memory plan covers it).
func.func @larger(%f: f32, %i: index) -> f32 {
  %a = memref.alloc() : memref<64xf32>
  memref.store %f, %a[%i] : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  %b = memref.alloc() : memref<32xf32>
  memref.store %f, %b[%i] : memref<32xf32>
  %y = memref.load %b[%i] : memref<32xf32>
  memref.dealloc %b : memref<32xf32>
  return %y : f32
}
// FIXED-LABEL: func.func @larger
// FIXED: %b = memref.alloc() : memref<32xf32>

// An allocation between the earlier dealloc and the later alloc: holding
// %a's storage over it could raise the peak: no fix-it.
func.func @gap(%f: f32, %i: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<64xf32>
  memref.store %f, %a[%i] : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  scf.for %k = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8xf32>
    memref.store %f, %t[%i] : memref<8xf32>
    memref.dealloc %t : memref<8xf32>
  }
  %b = memref.alloc() : memref<64xf32>
  memref.store %f, %b[%i] : memref<64xf32>
  %y = memref.load %b[%i] : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %y : f32
}
// FIXED-LABEL: func.func @gap
// FIXED: %b = memref.alloc() : memref<64xf32>

// Aggregated, the worst site (%b: an allocation in the gap) has no fix-it,
// a smaller one (%d) has: the merged fix-it fixes that site, and the finding
// stays for the others (validated by the sites left: 3 -> 2).
func.func @mixed(%f: f32, %i: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<64xf32>
  memref.store %f, %a[%i] : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  scf.for %k = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8xf32>
    memref.store %f, %t[%i] : memref<8xf32>
    memref.dealloc %t : memref<8xf32>
  }
  %b = memref.alloc() : memref<64xf32>
  memref.store %f, %b[%i] : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  %c = memref.alloc() : memref<4xf32>
  memref.store %f, %c[%i] : memref<4xf32>
  %x = memref.load %c[%i] : memref<4xf32>
  memref.dealloc %c : memref<4xf32>
  %d = memref.alloc() : memref<4xf32>
  memref.store %x, %d[%i] : memref<4xf32>
  %y = memref.load %d[%i] : memref<4xf32>
  memref.dealloc %d : memref<4xf32>
  return %y : f32
}
// FIXED-LABEL: func.func @mixed
// FIXED: %b = memref.alloc() : memref<64xf32>
// FIXED: %c = memref.alloc() : memref<4xf32>
// FIXED: %d = memref.cast %c : memref<4xf32> to memref<4xf32>
// FIXED: memref.dealloc %c : memref<4xf32>
// FIXED-NEXT: return %y
