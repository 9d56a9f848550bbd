// The result of a broken loop-invariant hoisting: the per-row scratch buffer's
// memref.alloc was hoisted out of the scf.for, but its memref.dealloc stayed in
// the loop body. With 0 trips the buffer leaks; with 2 or more trips the 2nd
// iteration writes and reads the freed buffer and frees it again.
// EXPECT-VALGRIND: definitely-lost invalid-free invalid-read invalid-write

func.func @row_sums(%in: memref<4x8xf32>, %out: memref<4xf32>, %n: index, %square: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() : memref<8xf32>
  scf.for %r = %c0 to %n step %c1 {
    // The dealloc below belonged to an alloc that used to be here.
    %row = memref.subview %in[%r, 0] [1, 8] [1, 1]
        : memref<4x8xf32> to memref<8xf32, strided<[1], offset: ?>>
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %row[%j] : memref<8xf32, strided<[1], offset: ?>>
      %w = scf.if %square -> (f32) {
        %sq = arith.mulf %v, %v : f32
        scf.yield %sq : f32
      } else {
        scf.yield %v : f32
      }
      memref.store %w, %tmp[%j] : memref<8xf32>
    }
    %sum = scf.for %j = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
      %t = memref.load %tmp[%j] : memref<8xf32>
      %a = arith.addf %acc, %t : f32
      scf.yield %a : f32
    }
    memref.store %sum, %out[%r] : memref<4xf32>
    memref.dealloc %tmp : memref<8xf32>
  }
  return
}

// Calls @row_sums for every value of %square and trip counts 0, 1 and 3.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %in = memref.alloc() : memref<4x8xf32>
  %out = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      memref.store %one, %in[%i, %j] : memref<4x8xf32>
    }
  }
  func.call @row_sums(%in, %out, %c0, %f) : (memref<4x8xf32>, memref<4xf32>, index, i1) -> ()
  func.call @row_sums(%in, %out, %c0, %t) : (memref<4x8xf32>, memref<4xf32>, index, i1) -> ()
  func.call @row_sums(%in, %out, %c1, %f) : (memref<4x8xf32>, memref<4xf32>, index, i1) -> ()
  func.call @row_sums(%in, %out, %c1, %t) : (memref<4x8xf32>, memref<4xf32>, index, i1) -> ()
  func.call @row_sums(%in, %out, %c3, %f) : (memref<4x8xf32>, memref<4xf32>, index, i1) -> ()
  func.call @row_sums(%in, %out, %c3, %t) : (memref<4x8xf32>, memref<4xf32>, index, i1) -> ()
  memref.dealloc %in : memref<4x8xf32>
  memref.dealloc %out : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
