// A kernel that makes a scratch buffer in an scf.execute_region of several
// blocks: the region's entry block allocates it and branches on %c to a
// block that fills it with a scaled (%c) or a shifted copy of the caller's
// data and hands it out as the region's result. The kernel adds the result
// into the caller's output and returns its first element without freeing
// it: the buffer leaks at each call, for each value of %c. The leak's path
// ends in the caller (the last reference is lost after the call returns,
// at main's next op); for a buffer a region hands out, the fix-it then
// takes the kernel's one return as the loss and frees the region's result
// after its last use in the body (the load before the return). With only
// the loop reading the result before the return, the path ends at the
// kernel's return, and the plain dealloc where the last reference is lost
// repairs it instead.
// EXPECT-VALGRIND: definitely-lost

func.func @accumulate(%c: i1, %in: memref<16xf32>, %out: memref<16xf32>) -> f32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %r = scf.execute_region -> (memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    cf.cond_br %c, ^bb1(%two, %zero : f32, f32), ^bb1(%one, %one : f32, f32)
  ^bb1(%k: f32, %d: f32):
    scf.for %j = %i0 to %i16 step %i1 {
      %v = memref.load %in[%j] : memref<16xf32>
      %s = arith.mulf %v, %k : f32
      %t = arith.addf %s, %d : f32
      memref.store %t, %a[%j] : memref<16xf32>
    }
    scf.yield %a : memref<16xf32>
  }
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %r[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  %first = memref.load %r[%i0] : memref<16xf32>
  return %first : f32
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
  %x0 = func.call @accumulate(%true, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> f32
  %x1 = func.call @accumulate(%false, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> f32
  %sum = arith.addf %x0, %x1 : f32
  memref.store %sum, %out[%i0] : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
