// A kernel whose scf.for of two iterations (a constant trip count, so the
// result it returns is always a fresh buffer) allocates a buffer each
// iteration, fills it from the one yielded two positions back (%y, and
// under %c adds the one of the last iteration, %x), and hands it on
// through %x, then %y; the kernel returns the loop's first result. The
// first iteration's buffer, the loop's second result, is dropped: a leak
// per call, for each value of %c. The fix-it is the ownership flags
// through several iter_args: %y is freed under its flag after its last use
// in the body, and the second result under its flag before the return;
// the first result is the caller's and is not freed. @main reads the
// result and frees it.
// EXPECT-VALGRIND: definitely-lost

func.func @rotate_returned(%c: i1, %q0: memref<16xf32>, %q1: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %r0, %r1 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %q0, %y = %q1) -> (memref<16xf32>, memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %y[%j] : memref<16xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %a[%j] : memref<16xf32>
    }
    scf.if %c {
      scf.for %j = %c0 to %c16 step %c1 {
        %v = memref.load %x[%j] : memref<16xf32>
        %u = memref.load %a[%j] : memref<16xf32>
        %w = arith.addf %v, %u : f32
        memref.store %w, %a[%j] : memref<16xf32>
      }
    }
    scf.yield %a, %x : memref<16xf32>, memref<16xf32>
  }
  return %r0 : memref<16xf32>
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %p[%j] : memref<16xf32>
    memref.store %one, %q[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  %m0 = func.call @rotate_returned(%true, %p, %q) : (i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v0 = memref.load %m0[%i1] : memref<16xf32>
  memref.store %v0, %out[%i0] : memref<16xf32>
  memref.dealloc %m0 : memref<16xf32>
  %m1 = func.call @rotate_returned(%false, %p, %q) : (i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v1 = memref.load %m1[%i1] : memref<16xf32>
  memref.store %v1, %out[%i1] : memref<16xf32>
  memref.dealloc %m1 : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
