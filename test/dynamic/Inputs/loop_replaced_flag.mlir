// A kernel that refines a state %n times in an scf.for started from the
// caller's buffer: where %c says so, each iteration computes a fresh state
// from the carried one (an scf.if whose then branch allocates it); where
// not, the carried state is passed on unchanged. Nothing is freed: every
// state that a later iteration replaces, and the last one, leak. The fix-it
// carries an ownership flag with the loop, false on entry (the caller's
// buffer is not the loop's) and yielded as select(%c, true, flag): the
// replacing branch frees the carried state under it after its last use,
// and the loop's result is freed under it after the loop.
// EXPECT-VALGRIND: definitely-lost

func.func @accumulate(%src: memref<16xf32>, %dst: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %src[%j] : memref<16xf32>
    %o = memref.load %dst[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %dst[%j] : memref<16xf32>
  }
  return
}

func.func @refine(%c: i1, %n: index, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %arg) -> (memref<16xf32>) {
    %next = scf.if %c -> (memref<16xf32>) {
      %fresh = memref.alloc() : memref<16xf32>
      scf.for %j = %c0 to %c16 step %c1 {
        %v = memref.load %it[%j] : memref<16xf32>
        %w = arith.mulf %v, %half : f32
        memref.store %w, %fresh[%j] : memref<16xf32>
      }
      scf.yield %fresh : memref<16xf32>
    } else {
      scf.yield %it : memref<16xf32>
    }
    scf.yield %next : memref<16xf32>
  }
  func.call @accumulate(%r, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  func.call @refine(%true, %c0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @refine(%true, %c1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @refine(%true, %c2, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @refine(%true, %c3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @refine(%false, %c0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @refine(%false, %c1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @refine(%false, %c2, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @refine(%false, %c3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
