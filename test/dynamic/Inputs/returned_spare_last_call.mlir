// A helper frees its argument; its only call, where %c holds, frees the
// buffer the kernel fills and returns, which the caller then reads and
// frees again (gen seed 76098). The kernel allocates nothing else the call
// could free instead, and deleting the call would leave the helper's free
// without a caller that owns what it frees: the fix-it makes the call free
// a new buffer of the same type, allocated just before it (the spare of
// docs/fixits.md), and the returned buffer is the caller's on both paths.
// EXPECT-VALGRIND: invalid-free invalid-read

func.func @g_free(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}

func.func @kernel(%c: i1, %arg: memref<16xf32>) -> memref<16xf32> {
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
  scf.if %c {
    // BUG: frees the buffer the kernel returns.
    func.call @g_free(%a1) : (memref<16xf32>) -> ()
  }
  return %a1 : memref<16xf32>
}

// Calls @kernel for both values of %c, adds what it returns into %out and
// frees it.
func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  scf.for %k = %i0 to %i2 step %i1 {
    %c = arith.cmpi ne, %k, %i0 : index
    %r = func.call @kernel(%c, %in) : (i1, memref<16xf32>) -> memref<16xf32>
    scf.for %j = %i0 to %i16 step %i1 {
      %v = memref.load %r[%j] : memref<16xf32>
      %o = memref.load %out[%j] : memref<16xf32>
      %w = arith.addf %v, %o : f32
      memref.store %w, %out[%j] : memref<16xf32>
    }
    memref.dealloc %r : memref<16xf32>
  }
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
