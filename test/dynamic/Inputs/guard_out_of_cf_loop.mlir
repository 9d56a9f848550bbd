// A kernel that reads either a private copy of the caller's buffer or the
// caller's buffer itself (an scf.if yields which, and a flag that says it
// is the copy) in each iteration of a CFG loop, and frees the copy under
// its flag before the loop. The fix-it moves the guarded dealloc out of the
// function's entry to the loop's exit, not into the loop's header, where it
// would free the copy in every iteration.
// EXPECT-VALGRIND: invalid-read

func.func @sum(%copy: i1, %n: index, %arg: memref<16xf32>) -> f32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %zero = arith.constant 0.0 : f32
  %r1, %r2 = scf.if %copy -> (memref<16xf32>, i1) {
    %a3 = memref.alloc() : memref<16xf32>
    memref.copy %arg, %a3 : memref<16xf32> to memref<16xf32>
    scf.yield %a3, %true : memref<16xf32>, i1
  } else {
    scf.yield %arg, %false : memref<16xf32>, i1
  }
  scf.if %r2 {
    %cast = memref.cast %r1 : memref<16xf32> to memref<?xf32>
    memref.dealloc %cast : memref<?xf32>
  }
  cf.br ^bb1(%i0, %zero : index, f32)
^bb1(%ctr: index, %acc: f32):
  %cmp = arith.cmpi slt, %ctr, %n : index
  %x = memref.load %r1[%ctr] : memref<16xf32>
  %acc2 = arith.addf %acc, %x : f32
  cf.cond_br %cmp, ^bb2, ^bb3
^bb2:
  %next = arith.addi %ctr, %i1 : index
  cf.br ^bb1(%next, %acc2 : index, f32)
^bb3:
  return %acc2 : f32
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %one, %buf[%i] : memref<16xf32>
  }
  %x = func.call @sum(%t, %c3, %buf) : (i1, index, memref<16xf32>) -> f32
  %y = func.call @sum(%f, %c3, %buf) : (i1, index, memref<16xf32>) -> f32
  %s = arith.addf %x, %y : f32
  memref.store %s, %buf[%c0] : memref<16xf32>
  memref.dealloc %buf : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
