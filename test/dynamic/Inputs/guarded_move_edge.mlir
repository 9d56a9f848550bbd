// A kernel that computes two candidate buffers (a scaled and a shifted
// copy of the caller's data) and returns the one %c picks through an
// arith.select. A block that only the true edge of a cf.cond_br on %c
// enters frees the shifted copy (the one not returned there), but the
// block where the paths join still reads it into the caller's output: a
// use after free where %c is true. On the other path the shifted copy is
// the buffer returned, so no unguarded dealloc after the read is right.
// The fix-it moves the dealloc after the read under the decision of the
// edge that enters its block (scf.if %c).
// EXPECT-VALGRIND: invalid-read

func.func @pick(%c: i1, %in: memref<16xf32>, %out: memref<16xf32>) -> memref<16xf32> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %i16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %a1 = memref.alloc() : memref<16xf32>
  %a2 = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %in[%j] : memref<16xf32>
    %s = arith.mulf %v, %two : f32
    %t = arith.addf %v, %one : f32
    memref.store %s, %a1[%j] : memref<16xf32>
    memref.store %t, %a2[%j] : memref<16xf32>
  }
  %sel = arith.select %c, %a1, %a2 : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a2 : memref<16xf32>
  cf.br ^bb2
^bb2:
  %x = memref.load %a2[%i3] : memref<16xf32>
  memref.store %x, %out[%i0] : memref<16xf32>
  scf.if %c {
  } else {
    memref.dealloc %a1 : memref<16xf32>
  }
  return %sel : memref<16xf32>
}

// Adds the kernel's result into the caller's output.
func.func @collect(%r: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %r[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
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
  %r0 = func.call @pick(%true, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  func.call @collect(%r0, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %r0 : memref<16xf32>
  %r1 = func.call @pick(%false, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  func.call @collect(%r1, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %r1 : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
