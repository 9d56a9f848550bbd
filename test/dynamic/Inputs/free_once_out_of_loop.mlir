// A kernel with two fresh buffers, one freed in each branch of an scf.if
// on %c1, then a select of them on %c1 freed again: every path frees both
// before a CFG loop of %n iterations whose header reads the first into the
// output on each iteration: a read of freed memory for each value of %c1
// and each trip count. Moving one free alone leaves the other path freeing
// it first; the fix-it (free once) keeps the other buffer freed by the
// select under its condition and frees the read buffer once, in the loop's
// exit block, which post-dominates its last use out of the loop (not after
// the read in the header, which runs again on the next iteration).
// EXPECT-VALGRIND: invalid-read

func.func @f(%c1: i1, %n: index, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a1 = memref.alloc() : memref<16xf32>
  %a2 = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %a1[%j] : memref<16xf32>
    memref.store %two, %a2[%j] : memref<16xf32>
  }
  %sel = arith.select %c1, %a1, %a2 : memref<16xf32>
  %s = memref.load %sel[%i0] : memref<16xf32>
  memref.store %s, %out[%i1] : memref<16xf32>
  scf.if %c1 {
    memref.dealloc %a2 : memref<16xf32>
  } else {
    memref.dealloc %a1 : memref<16xf32>
  }
  memref.dealloc %sel : memref<16xf32>
  cf.br ^bb1(%i0 : index)
^bb1(%ctr: index):
  %x = memref.load %a1[%i1] : memref<16xf32>
  %o = memref.load %out[%i0] : memref<16xf32>
  %w = arith.addf %x, %o : f32
  memref.store %w, %out[%i0] : memref<16xf32>
  %cmp = arith.cmpi slt, %ctr, %n : index
  cf.cond_br %cmp, ^bb2, ^bb3
^bb2:
  %next = arith.addi %ctr, %i1 : index
  cf.br ^bb1(%next : index)
^bb3:
  return
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %i16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  func.call @f(%true, %i0, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @f(%true, %i1, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @f(%true, %i3, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @f(%false, %i0, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @f(%false, %i1, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @f(%false, %i3, %out) : (i1, index, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
