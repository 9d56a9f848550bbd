// A correct program in the shape of one-shot-bufferization output after
// linalg has been lowered to loops: scf.for nests, memref.subview tiles,
// memref.load/store, a function returning a fresh buffer to its caller, and
// every allocation freed after its last use on every path.
//
// RUN: cd %S && mlir-memlint %{s:basename} 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:

// C = relu(A * B + bias), tiled by 32 rows.
func.func @matmul_bias_relu(%A: memref<128x256xf32>, %B: memref<256x64xf32>,
                            %bias: memref<64xf32>, %C: memref<128x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() {alignment = 64 : i64} : memref<128x64xf32>
  scf.for %i = %c0 to %c128 step %c1 {
    scf.for %j = %c0 to %c64 step %c1 {
      memref.store %zero, %acc[%i, %j] : memref<128x64xf32>
    }
  }
  scf.for %it = %c0 to %c128 step %c32 {
    %a_tile = memref.subview %A[%it, 0] [32, 256] [1, 1]
        : memref<128x256xf32> to memref<32x256xf32, strided<[256, 1], offset: ?>>
    %acc_tile = memref.subview %acc[%it, 0] [32, 64] [1, 1]
        : memref<128x64xf32> to memref<32x64xf32, strided<[64, 1], offset: ?>>
    scf.for %i = %c0 to %c32 step %c1 {
      scf.for %j = %c0 to %c64 step %c1 {
        %init = memref.load %acc_tile[%i, %j]
            : memref<32x64xf32, strided<[64, 1], offset: ?>>
        %sum = scf.for %k = %c0 to %c256 step %c1 iter_args(%s = %init) -> (f32) {
          %a = memref.load %a_tile[%i, %k]
              : memref<32x256xf32, strided<[256, 1], offset: ?>>
          %b = memref.load %B[%k, %j] : memref<256x64xf32>
          %p = arith.mulf %a, %b : f32
          %n = arith.addf %s, %p : f32
          scf.yield %n : f32
        }
        memref.store %sum, %acc_tile[%i, %j]
            : memref<32x64xf32, strided<[64, 1], offset: ?>>
      }
    }
  }
  %row = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  scf.for %i = %c0 to %c128 step %c1 {
    scf.for %j = %c0 to %c64 step %c1 {
      %v = memref.load %acc[%i, %j] : memref<128x64xf32>
      %bj = memref.load %bias[%j] : memref<64xf32>
      %vb = arith.addf %v, %bj : f32
      %r = arith.maximumf %vb, %zero : f32
      memref.store %r, %row[%j] : memref<64xf32>
    }
    %c_row = memref.subview %C[%i, 0] [1, 64] [1, 1]
        : memref<128x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    memref.copy %row, %c_row
        : memref<64xf32> to memref<64xf32, strided<[1], offset: ?>>
  }
  memref.dealloc %row : memref<64xf32>
  memref.dealloc %acc : memref<128x64xf32>
  return
}

// Returns a fresh buffer: ownership passes to the caller (summary: "returns
// fresh buffer"), so there is no leak here.
func.func private @alloc_scratch(%n: index) -> memref<?xf32> {
  %buf = memref.alloc(%n) : memref<?xf32>
  return %buf : memref<?xf32>
}

// out[i] = sum_j x[i, j]^2, with the squares staged in a scratch row that the
// caller receives from @alloc_scratch and frees.
func.func @row_sq_norms(%x: memref<128x64xf32>, %out: memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %sq = func.call @alloc_scratch(%c64) : (index) -> memref<?xf32>
  scf.for %i = %c0 to %c128 step %c1 {
    %x_row = memref.subview %x[%i, 0] [1, 64] [1, 1]
        : memref<128x64xf32> to memref<64xf32, strided<[1], offset: ?>>
    scf.for %j = %c0 to %c64 step %c1 {
      %v = memref.load %x_row[%j] : memref<64xf32, strided<[1], offset: ?>>
      %v2 = arith.mulf %v, %v : f32
      memref.store %v2, %sq[%j] : memref<?xf32>
    }
    %total = scf.for %j = %c0 to %c64 step %c1 iter_args(%t = %zero) -> (f32) {
      %e = memref.load %sq[%j] : memref<?xf32>
      %t2 = arith.addf %t, %e : f32
      scf.yield %t2 : f32
    }
    memref.store %total, %out[%i] : memref<128xf32>
  }
  memref.dealloc %sq : memref<?xf32>
  return
}

// The findings, in the order the tool prints them (snippet lines between them).
// CHECK: mlir-memlint: no findings in 1 file
