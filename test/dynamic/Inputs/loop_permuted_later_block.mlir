// A kernel whose scf.for of %n iterations swaps two fresh buffers (writing
// through the first iter_arg each iteration); the loop's block frees both
// results, then branches on %c to two blocks that join in ^bb3, which reads
// %b into the output: a read of freed memory for each value of %c and each
// trip count. The fix-it (free the permuted buffers instead of the
// results, the one a later block reads after its last use) frees %a where
// the results were and %b in ^bb3 after the read.
// EXPECT-VALGRIND: invalid-read

func.func @swap_read_at_join(%c: i1, %n: index, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %one, %a[%c1] : memref<16xf32>
  memref.store %two, %b[%c1] : memref<16xf32>
  %r1, %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<16xf32>, memref<16xf32>) {
    %v = memref.load %x[%c1] : memref<16xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %x[%c1] : memref<16xf32>
    scf.yield %y, %x : memref<16xf32>, memref<16xf32>
  }
  memref.dealloc %r1 : memref<16xf32>
  memref.dealloc %r2 : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %v = memref.load %b[%c1] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
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
  func.call @swap_read_at_join(%true, %i0, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @swap_read_at_join(%true, %i1, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @swap_read_at_join(%true, %i3, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @swap_read_at_join(%false, %i0, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @swap_read_at_join(%false, %i1, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @swap_read_at_join(%false, %i3, %out) : (i1, index, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
