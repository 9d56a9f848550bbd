// A kernel that carries a buffer through an scf.for with an i1 ownership
// flag next to it (the shape of ownership-based deallocation), %n
// iterations: each iteration makes a fresh copy of the carried buffer;
// where %c holds it drops the copy and keeps the carried buffer, otherwise
// it frees the carried buffer when the flag says the loop owns it and
// carries the copy. After the loop, the result is freed when the loop's
// flag says so, and the kernel then reads its own first buffer %a into the
// output. The flag starts true, but the loop does not own %a, which it
// receives as its init value: %a is freed by the first iteration that
// replaces it, or by the dealloc of the result after the loop, and the
// read of %a after the loop reads freed memory, for each value of %c and
// each trip count. The fix-it starts the flag false and, as nothing else
// frees %a, frees it once after its last use (where the paths of its uses
// join).
// EXPECT-VALGRIND: invalid-read

func.func @refine(%c: i1, %n: index, %in: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %in[%j] : memref<16xf32>
    memref.store %v, %a[%j] : memref<16xf32>
  }
  %r, %own = scf.for %iv = %i0 to %n step %i1 iter_args(%it = %a, %flag = %true) -> (memref<16xf32>, i1) {
    %new = memref.alloc() : memref<16xf32>
    scf.for %j = %i0 to %i16 step %i1 {
      %v = memref.load %it[%j] : memref<16xf32>
      %w = arith.mulf %v, %half : f32
      memref.store %w, %new[%j] : memref<16xf32>
    }
    %m, %o = scf.if %c -> (memref<16xf32>, i1) {
      memref.dealloc %new : memref<16xf32>
      scf.yield %it, %flag : memref<16xf32>, i1
    } else {
      scf.if %flag {
        memref.dealloc %it : memref<16xf32>
      }
      scf.yield %new, %true : memref<16xf32>, i1
    }
    scf.yield %m, %o : memref<16xf32>, i1
  }
  scf.if %own {
    memref.dealloc %r : memref<16xf32>
  }
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %a[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
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
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  func.call @refine(%true, %i0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @refine(%true, %i1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @refine(%true, %i3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @refine(%false, %i0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @refine(%false, %i1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @refine(%false, %i3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
