// A kernel with an scf.for of %n iterations that carries one buffer in two
// positions (twin iter_args %x and %y, both the caller's buffer on entry):
// each iteration, where %c holds, bumps the first element of the buffer
// through %y, then makes a fresh scaled copy of the caller's buffer and
// yields it in both positions. The iteration after replaces it without
// freeing it, and nothing frees the last one after the loop, whose second
// result the kernel reads into the output: every fresh buffer leaks, for
// each value of %c and each trip count but 0. The fix-it is the
// loop-carried ownership flag: with the flag of the first position the body
// would free %x at its top, before the write through %y (a use after free),
// so the flag of the second position is the one that validates: the body
// frees %y under the flag after its last use, and the loop's second result
// is freed after the loop under the flag the loop returns.
// EXPECT-VALGRIND: definitely-lost

func.func @twins(%c: i1, %n: index, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %r, %s = scf.for %iv = %i0 to %n step %i1 iter_args(%x = %arg, %y = %arg) -> (memref<16xf32>, memref<16xf32>) {
    scf.if %c {
      %v = memref.load %y[%i0] : memref<16xf32>
      %w = arith.addf %v, %two : f32
      memref.store %w, %y[%i0] : memref<16xf32>
    }
    %a = memref.alloc() : memref<16xf32>
    scf.for %j = %i0 to %i16 step %i1 {
      %v = memref.load %arg[%j] : memref<16xf32>
      %w = arith.mulf %v, %two : f32
      memref.store %w, %a[%j] : memref<16xf32>
    }
    scf.yield %a, %a : memref<16xf32>, memref<16xf32>
  }
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %s[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  return
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %i16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  func.call @twins(%true, %i0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @twins(%true, %i1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @twins(%true, %i3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @twins(%false, %i0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @twins(%false, %i1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @twins(%false, %i3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
