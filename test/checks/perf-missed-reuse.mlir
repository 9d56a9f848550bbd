// RUN: mlir-memlint --split-input-file --allow-unregistered-dialect --base-dir %S --checks='-*,perf-missed-reuse' --config='{CheckOptions: {perf-missed-reuse.Aggregate: false}}' %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not mlir-memlint --split-input-file --allow-unregistered-dialect --checks='-*,perf-missed-reuse' --config='{CheckOptions: {perf-missed-reuse.Aggregate: false}}' --fail-on=warning %s 2>/dev/null
// RUN: mlir-memlint --checks='-*,perf-missed-reuse' --config='{CheckOptions: {perf-missed-reuse.Aggregate: false}}' --base-dir %examples %examples/seed_disjoint_lifetimes.mlir 2>&1 | FileCheck %s --check-prefix=SEED

// SEED: seed_disjoint_lifetimes.mlir:30:9: warning: buffer '%up' (16384 bytes) could reuse the storage of '%gate', which is dead here; one allocation could serve both and save 16384 bytes [perf-missed-reuse]
// SEED: seed_disjoint_lifetimes.mlir:17:11: note: buffer '%gate' allocated here
// SEED: seed_disjoint_lifetimes.mlir:29:3: note: buffer '%gate' deallocated here

// Two same-sized buffers, the first freed before the second is allocated.
func.func @disjoint(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  // CHECK: perf-missed-reuse.mlir:[[@LINE+3]]:8: warning: buffer '%b' (4096 bytes) could reuse the storage of '%a', which is dead here; one allocation could serve both and save 4096 bytes [perf-missed-reuse]
  // CHECK: :[[@LINE-4]]:8: note: buffer '%a' allocated here
  // CHECK: :[[@LINE-3]]:3: note: buffer '%a' deallocated here
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return
}

// -----

// A smaller later buffer fits in the dead larger one; uses through a view
// and inside a loop count as uses.
func.func @smaller_after_view(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<64x64xf32>
  %v = memref.subview %a[0, 0] [8, 8] [1, 1] : memref<64x64xf32> to memref<8x8xf32, strided<[64, 1]>>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %f, %v[%i, %i] : memref<8x8xf32, strided<[64, 1]>>
  }
  memref.dealloc %a : memref<64x64xf32>
  // CHECK: perf-missed-reuse.mlir:[[@LINE+1]]:8: warning: buffer '%b' (1024 bytes) could reuse the storage of '%a', which is dead here; one allocation could serve both and save 1024 bytes [perf-missed-reuse]
  %b = memref.alloc() : memref<256xf32>
  memref.store %f, %b[%c0] : memref<256xf32>
  memref.dealloc %b : memref<256xf32>
  return
}

// -----

// A chain: each stage could reuse the previous stage's storage.
func.func @chain(%i: index, %f: f32) {
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%i] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  // CHECK: perf-missed-reuse.mlir:[[@LINE+1]]:8: warning: buffer '%b' (64 bytes) could reuse the storage of '%a'
  %b = memref.alloc() : memref<16xf32>
  memref.store %f, %b[%i] : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  // CHECK: perf-missed-reuse.mlir:[[@LINE+1]]:8: warning: buffer '%c' (64 bytes) could reuse the storage of '%b'
  %c = memref.alloc() : memref<16xf32>
  memref.store %f, %c[%i] : memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  return
}

// -----

// no-warning: the lifetimes overlap (the first is freed after the second is
// allocated).
func.func @overlapping(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return
}

// -----

// no-warning: the earlier buffer is smaller.
func.func @too_small(%i: index, %f: f32) {
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%i] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return
}

// -----

// no-warning: different memory spaces.
func.func @other_space(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32, 1>
  memref.store %f, %a[%i] : memref<1024xf32, 1>
  memref.dealloc %a : memref<1024xf32, 1>
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return
}

// -----

// no-warning: the earlier buffer escapes (returned).
func.func @escapes(%i: index, %f: f32) -> memref<1024xf32> {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return %a : memref<1024xf32>
}

// -----

// no-warning: the later buffer is passed to an unknown op (escapes).
func.func @later_escapes(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  "test.unknown"(%b) : (memref<1024xf32>) -> ()
  return
}

// -----

// no-warning: the earlier buffer is used in a later iteration of a loop
// (its value is carried by iter_args): the lifetimes may overlap.
func.func @loop_carried(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<1024xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %a) -> (memref<1024xf32>) {
    memref.store %f, %cur[%i] : memref<1024xf32>
    scf.yield %cur : memref<1024xf32>
  }
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %b[%c0] : memref<1024xf32>
  memref.dealloc %r : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return
}

// -----

// no-warning: buffers in a CFG loop; the block argument merges them.
func.func @cfg_loop(%n: index, %f: f32, %cond: i1) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<1024xf32>
  cf.br ^bb1(%a : memref<1024xf32>)
^bb1(%cur: memref<1024xf32>):
  memref.store %f, %cur[%c0] : memref<1024xf32>
  memref.dealloc %cur : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  cf.cond_br %cond, ^bb1(%b : memref<1024xf32>), ^bb2
^bb2:
  memref.dealloc %b : memref<1024xf32>
  return
}

// -----

// no-warning: dynamic shapes.
func.func @dynamic(%n: index, %i: index, %f: f32) {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %a[%i] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  %b = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %b[%i] : memref<?xf32>
  memref.dealloc %b : memref<?xf32>
  return
}

// -----

// no-warning: one buffer in a branch, one after it; only same-block pairs are
// compared, and the branch's buffer is merged into the scf.if result.
func.func @branch(%c: i1, %i: index, %f: f32) {
  %r = scf.if %c -> (memref<1024xf32>) {
    %a = memref.alloc() : memref<1024xf32>
    scf.yield %a : memref<1024xf32>
  } else {
    %a2 = memref.alloc() : memref<1024xf32>
    scf.yield %a2 : memref<1024xf32>
  }
  memref.store %f, %r[%i] : memref<1024xf32>
  memref.dealloc %r : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return
}

// -----

// no-warning: stack buffers and different allocators.
func.func @gpu_then_host(%i: index, %f: f32) {
  %a = gpu.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  gpu.dealloc %a : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  %s = memref.alloca() : memref<1024xf32>
  memref.store %f, %s[%i] : memref<1024xf32>
  return
}
