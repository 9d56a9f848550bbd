// A kernel that refines a buffer %n times in an scf.for: each iteration
// computes a candidate from the buffer it holds, then frees the candidate
// as scratch, and an arith.select keeps either the held buffer (%keep) or
// the candidate, which it yields though it was just freed; the loop's
// result is read and freed after the loop. Where the candidate is kept the
// next iteration reads it after its free, the read and the free after the
// loop hit freed memory, and the buffer the loop was given leaks. The
// fix-it frees, after the select, the one the select does not pass on.
// EXPECT-VALGRIND: invalid-read invalid-free definitely-lost

func.func @refine(%keep: i1, %n: index, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    memref.store %one, %init[%j] : memref<16xf32>
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%held = %init) -> (memref<16xf32>) {
    %new = memref.alloc() : memref<16xf32>
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %held[%j] : memref<16xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %new[%j] : memref<16xf32>
    }
    memref.dealloc %new : memref<16xf32>
    %next = arith.select %keep, %held, %new : memref<16xf32>
    scf.yield %next : memref<16xf32>
  }
  %x = memref.load %r[%c0] : memref<16xf32>
  memref.store %x, %out[%c0] : memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %false = arith.constant false
  %out = memref.alloc() : memref<16xf32>
  func.call @refine(%true, %c0, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%true, %c1, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%true, %c2, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%true, %c3, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%false, %c0, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%false, %c1, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%false, %c2, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%false, %c3, %out) : (i1, index, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
