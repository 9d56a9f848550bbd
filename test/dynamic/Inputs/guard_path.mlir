// A kernel that builds two scratch buffers from the caller's data (a
// scaled and a shifted copy), pairs them on %swap (a cf.cond_br that hands
// the join either the shifted and the scaled copy, or the caller's buffer
// and the shifted copy), reads the pair, and picks what to return with an
// scf.if on %keep; where %keep holds, %drop frees the second buffer of the
// pair first. The shifted copy leaks where %keep is false, and where %keep
// holds and %drop and %swap do not; the scaled copy leaks where %keep holds
// and it is neither freed nor returned. After the first fix-its free the
// shifted copy where %keep is false, no guard and no pair of guards singles
// out the path on which it is still lost (%keep, not %drop, not %swap):
// the fix-it frees it there under the three decisions at once (nested
// scf.if %keep / else of %drop / else of %swap: the whole path).
// main draws the conditions from the bits of a loop counter passed through
// libc's abs, so that the analysis sees every assignment as possible at
// each call: with constant conditions at eight calls (the leaks on every
// path of main) the tool frees both copies on the other paths but offers
// no fix-it for the last path, and --fix leaves findings.
// EXPECT-VALGRIND: definitely-lost

func.func @blend(%swap: i1, %keep: i1, %drop: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %arg[%j] : memref<16xf32>
    %s = arith.mulf %v, %two : f32
    %t = arith.addf %v, %one : f32
    memref.store %s, %a[%j] : memref<16xf32>
    memref.store %t, %b[%j] : memref<16xf32>
  }
  cf.cond_br %swap, ^bb1(%b, %a : memref<16xf32>, memref<16xf32>), ^bb1(%arg, %b : memref<16xf32>, memref<16xf32>)
^bb1(%p: memref<16xf32>, %q: memref<16xf32>):
  %x = memref.load %p[%i0] : memref<16xf32>
  %y = memref.load %q[%i1] : memref<16xf32>
  %m = arith.addf %x, %y : f32
  memref.store %m, %q[%i0] : memref<16xf32>
  %r0, %r1 = scf.if %keep -> (memref<16xf32>, memref<16xf32>) {
    scf.if %drop {
      memref.dealloc %q : memref<16xf32>
    }
    scf.yield %a, %p : memref<16xf32>, memref<16xf32>
  } else {
    scf.yield %q, %a : memref<16xf32>, memref<16xf32>
  }
  return %r1 : memref<16xf32>
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

// libc's abs: an identity on 0..7 that the analysis cannot see through.
func.func private @abs(i32) -> i32

// Every assignment of (%swap, %keep, %drop): bits 2, 1 and 0 of %k in
// 0..7. The kernel returns the scaled copy where %keep is false, the
// shifted copy where %keep and %swap hold, and the caller's own buffer
// where %keep holds and %swap does not: main frees the result but there.
func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i8 = arith.constant 8 : index
  %i16 = arith.constant 16 : index
  %true = arith.constant true
  %zero32 = arith.constant 0 : i32
  %bit0 = arith.constant 1 : i32
  %bit1 = arith.constant 2 : i32
  %bit2 = arith.constant 4 : i32
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  scf.for %k = %i0 to %i8 step %i1 {
    %ki = arith.index_cast %k : index to i32
    %kk = func.call @abs(%ki) : (i32) -> i32
    %s = arith.andi %kk, %bit2 : i32
    %p = arith.andi %kk, %bit1 : i32
    %d = arith.andi %kk, %bit0 : i32
    %swap = arith.cmpi ne, %s, %zero32 : i32
    %keep = arith.cmpi ne, %p, %zero32 : i32
    %drop = arith.cmpi ne, %d, %zero32 : i32
    %r = func.call @blend(%swap, %keep, %drop, %in) : (i1, i1, i1, memref<16xf32>) -> memref<16xf32>
    func.call @collect(%r, %out) : (memref<16xf32>, memref<16xf32>) -> ()
    %noswap = arith.xori %swap, %true : i1
    %theirs = arith.andi %keep, %noswap : i1
    scf.if %theirs {
    } else {
      memref.dealloc %r : memref<16xf32>
    }
  }
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
