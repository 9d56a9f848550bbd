// A kernel whose scf.if on %c1 makes %r1 a fresh copy of the caller's
// buffer (a stack buffer of @main) or the caller's buffer itself, then an
// scf.for of three iterations (a constant trip count: the double free is on
// every path) that makes a fresh copy of its iter_arg each iteration,
// dropping the one before (a leak), and, from the second iteration on (a
// flag it carries), frees %r1 in an scf.if: the copy is freed twice, and
// the caller's stack buffer is freed (an invalid free), for each value of
// %c1. The fix-its: the loop-carried ownership flag frees the buffer each
// iteration drops and the result after the loop; the dealloc of %r1, moved
// after the loop alone, would free the caller's buffer and, guarded alone,
// would still run on every iteration, so it moves after the loop under %c1
// (only when %r1 holds the copy).
// EXPECT-VALGRIND: definitely-lost invalid-free

func.func @f(%c1: i1, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %i16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %true = arith.constant true
  %false = arith.constant false
  %r1 = scf.if %c1 -> (memref<16xf32>) {
    %a2 = memref.alloc() : memref<16xf32>
    scf.for %j = %i0 to %i16 step %i1 {
      %v = memref.load %arg[%j] : memref<16xf32>
      memref.store %v, %a2[%j] : memref<16xf32>
    }
    scf.yield %a2 : memref<16xf32>
  } else {
    scf.yield %arg : memref<16xf32>
  }
  %x = memref.load %r1[%i1] : memref<16xf32>
  memref.store %x, %out[%i1] : memref<16xf32>
  %r7, %r8 = scf.for %iv4 = %i0 to %i3 step %i1 iter_args(%it5 = %arg, %it6 = %false) -> (memref<16xf32>, i1) {
    %a9 = memref.alloc() : memref<16xf32>
    scf.for %j = %i0 to %i16 step %i1 {
      %v = memref.load %it5[%j] : memref<16xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %a9[%j] : memref<16xf32>
    }
    scf.if %it6 {
      memref.dealloc %r1 : memref<16xf32>
    }
    scf.yield %a9, %true : memref<16xf32>, i1
  }
  return
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %i16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloca() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  func.call @f(%true, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> ()
  %v_true = memref.load %in[%i0] : memref<16xf32>
  memref.store %v_true, %out[%i0] : memref<16xf32>
  func.call @f(%false, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> ()
  %v_false = memref.load %in[%i1] : memref<16xf32>
  memref.store %v_false, %out[%i1] : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
