// A dynamically shaped activation buffer, memref<?x4096xf32> sized by the
// runtime sequence length, filled and consumed by scf.for loops and freed
// after its last use.
//
// RUN: cd %S && mlir-memlint %{s:basename} 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// No finding (clean); `mlir-memlint plan` leaves the buffer unplanned (dynamic shape) unless --assume-dim bounds it.

func.func @squared_activations(%x: memref<?x4096xf32>, %out: memref<?x4096xf32>,
                               %seq_len: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %act = memref.alloc(%seq_len) : memref<?x4096xf32>
  scf.for %i = %c0 to %seq_len step %c1 {
    scf.for %j = %c0 to %c4096 step %c1 {
      %v = memref.load %x[%i, %j] : memref<?x4096xf32>
      %sq = arith.mulf %v, %v : f32
      memref.store %sq, %act[%i, %j] : memref<?x4096xf32>
    }
  }
  scf.for %i = %c0 to %seq_len step %c1 {
    scf.for %j = %c0 to %c4096 step %c1 {
      %a = memref.load %act[%i, %j] : memref<?x4096xf32>
      %v = memref.load %x[%i, %j] : memref<?x4096xf32>
      %s = arith.addf %a, %v : f32
      memref.store %s, %out[%i, %j] : memref<?x4096xf32>
    }
  }
  memref.dealloc %act : memref<?x4096xf32>
  return
}

// The findings, in the order the tool prints them (snippet lines between them).
// CHECK: mlir-memlint: no findings in 1 file
