// Two same-sized scratch buffers (memref<4096xf32>, 16 KiB each) with disjoint
// lifetimes: %gate is freed before %up is allocated. Both are freed right
// after their last use, so the lifetime checks have nothing to report. One
// allocation could serve both, which is what perf-missed-reuse looks for.
//
// RUN: cd %S && mlir-memlint %{s:basename} 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Expected (the CHECK lines at the end): no lifetime-* finding; a
// perf-missed-reuse warning at the allocation of '%up', which could reuse '%gate'.

func.func @gated_rows(%x: memref<4096xf32>, %w_gate: memref<4096xf32>,
                      %w_up: memref<4096xf32>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %zero = arith.constant 0.0 : f32
  %gate = memref.alloc() : memref<4096xf32>
  scf.for %i = %c0 to %c4096 step %c1 {
    %v = memref.load %x[%i] : memref<4096xf32>
    %w = memref.load %w_gate[%i] : memref<4096xf32>
    %p = arith.mulf %v, %w : f32
    memref.store %p, %gate[%i] : memref<4096xf32>
  }
  scf.for %i = %c0 to %c4096 step %c1 {
    %g = memref.load %gate[%i] : memref<4096xf32>
    %r = arith.maximumf %g, %zero : f32
    memref.store %r, %out[%i] : memref<4096xf32>
  }
  memref.dealloc %gate : memref<4096xf32>
  %up = memref.alloc() : memref<4096xf32>
  scf.for %i = %c0 to %c4096 step %c1 {
    %v = memref.load %x[%i] : memref<4096xf32>
    %w = memref.load %w_up[%i] : memref<4096xf32>
    %p = arith.mulf %v, %w : f32
    memref.store %p, %up[%i] : memref<4096xf32>
  }
  scf.for %i = %c0 to %c4096 step %c1 {
    %u = memref.load %up[%i] : memref<4096xf32>
    %o = memref.load %out[%i] : memref<4096xf32>
    %r = arith.mulf %u, %o : f32
    memref.store %r, %out[%i] : memref<4096xf32>
  }
  memref.dealloc %up : memref<4096xf32>
  return
}

// The findings, in the order the tool prints them (snippet lines between them).
// CHECK: seed_disjoint_lifetimes.mlir:30:9: warning: buffer '%up' (16384 bytes) could reuse the storage of '%gate', which is dead here; one allocation could serve both and save 16384 bytes [perf-missed-reuse]
// CHECK: seed_disjoint_lifetimes.mlir:17:11: note: buffer '%gate' allocated here
// CHECK: seed_disjoint_lifetimes.mlir:29:3: note: buffer '%gate' deallocated here
// CHECK: mlir-memlint: 1 warning in 1 file
