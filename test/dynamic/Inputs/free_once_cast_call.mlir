// A kernel that fills a fresh buffer from the caller's %arg and reads it
// into the output, then hands it to @g_free, the module's deallocation
// wrapper, which frees its argument, in two branches, each giving the call
// a cast of the buffer and back: where %c0 holds, and where %c1 does not.
// The buffer is freed twice for %c0 true and %c1 false (an invalid free)
// and leaks for %c0 false and %c1 true. The fix-it (free once) deletes both
// calls and, rather than a dealloc that would leave the helper with no
// caller that owns its argument, keeps the call: one call of @g_free on the
// buffer itself, after its last use, on every path.
// EXPECT-VALGRIND: definitely-lost invalid-free

func.func @g_free(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}

func.func @f(%c0: i1, %c1: i1, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %a1 = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %arg[%j] : memref<16xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %a1[%j] : memref<16xf32>
  }
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %a1[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  scf.if %c0 {
    %cast2 = memref.cast %a1 : memref<16xf32> to memref<?xf32>
    %cast3 = memref.cast %cast2 : memref<?xf32> to memref<16xf32>
    func.call @g_free(%cast3) : (memref<16xf32>) -> ()
  }
  scf.if %c1 {
  } else {
    %cast4 = memref.cast %a1 : memref<16xf32> to memref<?xf32>
    %cast5 = memref.cast %cast4 : memref<?xf32> to memref<16xf32>
    func.call @g_free(%cast5) : (memref<16xf32>) -> ()
  }
  return
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
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
  func.call @f(%true, %true, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %false, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %true, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %false, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
