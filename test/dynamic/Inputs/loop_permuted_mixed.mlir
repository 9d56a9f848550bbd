// A kernel that relaxes a state %n times with two ping-pong buffers: each
// iteration of an scf.for computes the next state from %x into %y and the
// yield swaps them, so the loop's first result holds the latest state. The
// kernel adds it to the caller's output, then frees the second buffer by
// its own name and the loop's second result through a cast. Which result
// holds which buffer depends on the parity of %n: on an even trip count
// the second buffer is freed twice and the first never. The fix-it turns
// the free of the init value into a free of the result no dealloc frees
// (the first), so both buffers of the swap are freed once, whatever %n.
// main runs the kernel for trip counts 0 to 3, passed through libc's abs
// so that the analysis does not know them: with constant trip counts the
// tool sees the double free on every path of main and prefers to delete
// the free of the result and free the first buffer by name (a right fix,
// but not the one this program is for).
// EXPECT-VALGRIND: definitely-lost invalid-free

func.func @pingpong(%n: index, %in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  %r1, %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<16xf32>, memref<16xf32>) {
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %x[%j] : memref<16xf32>
      %s = memref.load %in[%j] : memref<16xf32>
      %h = arith.mulf %v, %half : f32
      %w = arith.addf %h, %s : f32
      memref.store %w, %y[%j] : memref<16xf32>
    }
    scf.yield %y, %x : memref<16xf32>, memref<16xf32>
  }
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %r1[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  memref.dealloc %b : memref<16xf32>
  %v = memref.cast %r2 : memref<16xf32> to memref<16xf32>
  memref.dealloc %v : memref<16xf32>
  return
}

// libc's abs: an identity on 0..3 that the analysis cannot see through.
func.func private @abs(i32) -> i32

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  scf.for %k = %c0 to %c4 step %c1 {
    %ki = arith.index_cast %k : index to i32
    %ka = func.call @abs(%ki) : (i32) -> i32
    %n = arith.index_cast %ka : i32 to index
    func.call @pingpong(%n, %in, %out) : (index, memref<16xf32>, memref<16xf32>) -> ()
  }
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
