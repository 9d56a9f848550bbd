// A kernel whose join ^bb3 receives a fresh copy of the caller's buffer
// (through ^bb2, where %c3 is false or %c0 holds) or the caller's buffer
// itself (where %c3 holds and %c0 does not). The join adds a constant to
// its argument's first element, adds the argument into the output, and
// frees it under %c0 only: the copy leaks where %c3 and %c0 are both
// false. No guard of that dealloc frees the copy without freeing the
// caller's buffer, and a free under an ownership flag passed with the
// argument would free the copy twice where %c0 holds. The fix-it (join
// flags instead of a partial free) passes the flag (true from ^bb2, false
// with the caller's buffer) and frees the argument under it after its last
// use, replacing the join's own dealloc under %c0 (and its scf.if).
// EXPECT-VALGRIND: definitely-lost

func.func @bump(%c0: i1, %c3: i1, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  cf.cond_br %c3, ^bb1, ^bb2
^bb1:
  cf.cond_br %c0, ^bb2, ^bb3(%arg : memref<16xf32>)
^bb2:
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %arg[%j] : memref<16xf32>
    memref.store %v, %a[%j] : memref<16xf32>
  }
  cf.br ^bb3(%a : memref<16xf32>)
^bb3(%p: memref<16xf32>):
  %x = memref.load %p[%i0] : memref<16xf32>
  %y = arith.addf %x, %one : f32
  memref.store %y, %p[%i0] : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %p[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  scf.if %c0 {
    memref.dealloc %p : memref<16xf32>
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
  func.call @bump(%true, %true, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @bump(%true, %false, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @bump(%false, %true, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @bump(%false, %false, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
