// A kernel with a CFG loop of %n iterations whose body makes a fresh copy
// of the buffer it carries (plus one where %c holds) and frees the
// iteration before's buffer; the loop's exit block hands the last buffer to
// @g_free, the module's deallocation wrapper, which frees its argument,
// and the block after it reads that buffer into the output: a read of
// freed memory for each value of %c and each trip count. The call is a
// free site as a dealloc is: the fix-it moves it to the block where the
// paths of its uses join, after the last use there.
// EXPECT-VALGRIND: invalid-read

func.func @g_free(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}

func.func @f(%c: i1, %n: index, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %a0 = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %a0[%j] : memref<16xf32>
  }
  cf.br ^bb1(%i0, %a0 : index, memref<16xf32>)
^bb1(%ctr: index, %buf: memref<16xf32>):
  %cmp = arith.cmpi slt, %ctr, %n : index
  cf.cond_br %cmp, ^bb2, ^bb3
^bb2:
  %a1 = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %buf[%j] : memref<16xf32>
    memref.store %v, %a1[%j] : memref<16xf32>
  }
  scf.if %c {
    %v = memref.load %a1[%i1] : memref<16xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a1[%i1] : memref<16xf32>
  }
  memref.dealloc %buf : memref<16xf32>
  %next = arith.addi %ctr, %i1 : index
  cf.br ^bb1(%next, %a1 : index, memref<16xf32>)
^bb3:
  func.call @g_free(%buf) : (memref<16xf32>) -> ()
  cf.br ^bb4
^bb4:
  %x = memref.load %buf[%i1] : memref<16xf32>
  memref.store %x, %out[%i0] : memref<16xf32>
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
