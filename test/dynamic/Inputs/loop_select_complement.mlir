// A kernel that relaxes a state %n times in an scf.for started from a
// private copy of the caller's buffer: each iteration computes a candidate
// into a fresh buffer and keeps either the old state or the candidate with
// an arith.select on %c. The result is read after the loop. Nothing is
// freed: each iteration loses what the select does not pass on (the
// candidate where it keeps the state, the old state where it takes the
// candidate), and the last state leaks after the read. The fix-it frees
// what the select does not pass on after it, under its condition (the
// copy is the loop's own, freed in the first iteration that takes a
// candidate), and the loop's result after its last use.
// EXPECT-VALGRIND: definitely-lost

func.func @relax(%c: i1, %n: index, %in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %quarter = arith.constant 0.25 : f32
  %init = memref.alloc() : memref<16xf32>
  memref.copy %in, %init : memref<16xf32> to memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%it = %init) -> (memref<16xf32>) {
    %cand = memref.alloc() : memref<16xf32>
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %it[%j] : memref<16xf32>
      %x = memref.load %in[%j] : memref<16xf32>
      %d = arith.subf %x, %v : f32
      %s = arith.mulf %d, %quarter : f32
      %w = arith.addf %v, %s : f32
      memref.store %w, %cand[%j] : memref<16xf32>
    }
    %sel = arith.select %c, %it, %cand : memref<16xf32>
    scf.yield %sel : memref<16xf32>
  }
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %r[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
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
  func.call @relax(%true, %c0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @relax(%true, %c1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @relax(%true, %c2, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @relax(%true, %c3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @relax(%false, %c0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @relax(%false, %c1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @relax(%false, %c2, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @relax(%false, %c3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
