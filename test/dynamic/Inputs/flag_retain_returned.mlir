// Two kernels that may return a fresh buffer or the caller's, chosen by
// selects. @join: where %c holds, a fresh copy of the caller's buffer is
// made, and the join ^bb2 receives it (where %e is false) or the caller's
// buffer; %s selects the join's argument on %c, and the kernel returns %s
// where %d holds, the caller's buffer otherwise. @chain: the same, on
// %c2, %c4 and %c3, with a CFG loop (%n back-edges, each adding the
// argument into the output again) between the join and the return. The
// copy leaks where %e (%c4) holds and where it reaches the join but is not
// returned. The join's argument holds the copy under an ownership flag,
// but it may be returned (through the selects): freeing it where it dies
// (after its last use at the join, on the loop's exit edge) would free
// what the caller gets. The fix-its: the copy dropped where %e (%c4) holds
// is freed on that edge; the join's argument (@join: the join's flags;
// @chain: the flags along the chain of blocks) is freed where what it was
// forwarded to dies, before the return, under its flag and unless what
// the return hands out holds it (an i1 computed from the selects'
// conditions: the `retain` of ownership-based deallocation). main frees
// the result when it is the fresh copy; it draws the conditions from the
// bits of a loop counter passed through libc's abs, so that the analysis
// sees every assignment as possible at each call.
// EXPECT-VALGRIND: definitely-lost

// Adds %src into %out.
func.func @collect(%src: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %src[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  return
}

func.func @join(%c: i1, %d: i1, %e: i1, %arg: memref<16xf32>, %out: memref<16xf32>) -> memref<16xf32> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  cf.cond_br %c, ^bb1, ^bb2(%arg : memref<16xf32>)
^bb1:
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %arg[%j] : memref<16xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %a[%j] : memref<16xf32>
  }
  cf.cond_br %e, ^bb2(%arg : memref<16xf32>), ^bb2(%a : memref<16xf32>)
^bb2(%p: memref<16xf32>):
  func.call @collect(%p, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  %s = arith.select %c, %p, %arg : memref<16xf32>
  cf.br ^bb3
^bb3:
  %r = arith.select %d, %s, %arg : memref<16xf32>
  return %r : memref<16xf32>
}

func.func @chain(%c2: i1, %c3: i1, %c4: i1, %n: index, %arg: memref<16xf32>, %out: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  cf.cond_br %c2, ^bb1, ^bb2(%n, %arg : index, memref<16xf32>)
^bb1:
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %arg[%j] : memref<16xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %a[%j] : memref<16xf32>
  }
  cf.cond_br %c4, ^bb2(%n, %arg : index, memref<16xf32>), ^bb2(%n, %a : index, memref<16xf32>)
^bb2(%fuel: index, %p: memref<16xf32>):
  func.call @collect(%p, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  %s = arith.select %c2, %p, %arg : memref<16xf32>
  %more = arith.cmpi sgt, %fuel, %c0 : index
  %next = arith.subi %fuel, %c1 : index
  cf.cond_br %more, ^bb4(%next, %p : index, memref<16xf32>), ^bb3
^bb4(%i: index, %q: memref<16xf32>):
  cf.br ^bb2(%i, %q : index, memref<16xf32>)
^bb3:
  %r = arith.select %c3, %s, %arg : memref<16xf32>
  return %r : memref<16xf32>
}

// libc's abs: an identity on 0..7 that the analysis cannot see through.
func.func private @abs(i32) -> i32

// Every assignment of the three conditions: bits 2, 1 and 0 of %k in 0..7
// (@chain with 0, 1 and 3 back-edges). The result is the fresh copy where
// the first condition and the second hold and the third does not.
func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
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
    %b2 = arith.andi %kk, %bit2 : i32
    %b1 = arith.andi %kk, %bit1 : i32
    %b0 = arith.andi %kk, %bit0 : i32
    %x = arith.cmpi ne, %b2, %zero32 : i32
    %y = arith.cmpi ne, %b1, %zero32 : i32
    %z = arith.cmpi ne, %b0, %zero32 : i32
    %notz = arith.xori %z, %true : i1
    %xy = arith.andi %x, %y : i1
    %fresh = arith.andi %xy, %notz : i1
    %r = func.call @join(%x, %y, %z, %in, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
    func.call @collect(%r, %out) : (memref<16xf32>, memref<16xf32>) -> ()
    scf.if %fresh {
      memref.dealloc %r : memref<16xf32>
    }
    %t0 = func.call @chain(%x, %y, %z, %i0, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
    func.call @collect(%t0, %out) : (memref<16xf32>, memref<16xf32>) -> ()
    scf.if %fresh {
      memref.dealloc %t0 : memref<16xf32>
    }
    %t1 = func.call @chain(%x, %y, %z, %i1, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
    func.call @collect(%t1, %out) : (memref<16xf32>, memref<16xf32>) -> ()
    scf.if %fresh {
      memref.dealloc %t1 : memref<16xf32>
    }
    %t3 = func.call @chain(%x, %y, %z, %i3, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
    func.call @collect(%t3, %out) : (memref<16xf32>, memref<16xf32>) -> ()
    scf.if %fresh {
      memref.dealloc %t3 : memref<16xf32>
    }
  }
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
