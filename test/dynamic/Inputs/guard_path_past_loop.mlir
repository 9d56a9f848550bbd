// A kernel that fills a scratch copy %a of the caller's buffer and, on
// %c1, runs a CFG fuel loop of %fuel + 1 rounds that accumulates into the
// caller's buffer and then returns %a where %c0 holds and the caller's
// buffer otherwise; without %c1 it frees %a where %c2 is false and returns
// the caller's buffer (the shape of test/fixes/guard-path-past-loop.mlir,
// cfg seed 72006). %a is lost where %c1 holds and %c0 does not, and where
// %c1 is false and %c2 holds. The first fix-its free it at the return
// where %c0 is false and %c2 holds, and where %c0 and %c2 hold and %c1
// does not; on the last path (%c1, not %c0, not %c2) no guard and no pair
// singles it out, and the path goes through the loop, whose exit
// condition it decides both ways: the fix-it frees %a there under the
// three other decisions at once (the whole path of docs/fixits.md).
// main calls the kernel through func.call_indirect so that the kernel is
// linted on its own, as in the lit test: through a direct call the leak is
// reported at main's last use of the result and the first fix-it frees %a
// in the empty branch of %c2 in ^bb4, after which a pair of decisions
// suffices.
// EXPECT-VALGRIND: definitely-lost

func.func @kernel(%c0: i1, %c1: i1, %c2: i1, %fuel: index, %arg: memref<16xf32>) -> memref<16xf32> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %arg[%j] : memref<16xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %a[%j] : memref<16xf32>
  }
  scf.if %c2 {
  }
  cf.cond_br %c1, ^bb2(%fuel, %arg : index, memref<16xf32>), ^bb4(%a : memref<16xf32>)
^bb1(%n: index):
  %x = memref.load %a[%n] : memref<16xf32>
  %y = memref.load %p[%i0] : memref<16xf32>
  %s = arith.addf %x, %y : f32
  memref.store %s, %p[%i0] : memref<16xf32>
  %sel = arith.select %c0, %a, %p : memref<16xf32>
  %more = arith.cmpi sgt, %n, %zero : index
  %next = arith.subi %n, %one : index
  cf.cond_br %more, ^bb1(%next : index), ^bb5(%sel : memref<16xf32>)
^bb2(%m: index, %p: memref<16xf32>):
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  cf.br ^bb1(%m : index)
^bb4(%q: memref<16xf32>):
  scf.if %c2 {
  } else {
    memref.dealloc %q : memref<16xf32>
  }
  cf.br ^bb5(%arg : memref<16xf32>)
^bb5(%r: memref<16xf32>):
  scf.if %c2 {
  }
  return %r : memref<16xf32>
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

// libc's abs: an identity on 0..23 that the analysis cannot see through.
func.func private @abs(i32) -> i32

// Every assignment of (%c0, %c1, %c2) and %fuel in 0..2: bits 2, 1 and 0
// of %k in 0..23 and %k / 8. The kernel returns its own copy where %c1 and
// %c0 hold and the caller's buffer otherwise: main frees the result there.
func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i24 = arith.constant 24 : index
  %i16 = arith.constant 16 : index
  %zero32 = arith.constant 0 : i32
  %bit0 = arith.constant 1 : i32
  %bit1 = arith.constant 2 : i32
  %bit2 = arith.constant 4 : i32
  %three = arith.constant 3 : i32
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  scf.for %k = %i0 to %i24 step %i1 {
    %ki = arith.index_cast %k : index to i32
    %kk = func.call @abs(%ki) : (i32) -> i32
    %b0 = arith.andi %kk, %bit2 : i32
    %b1 = arith.andi %kk, %bit1 : i32
    %b2 = arith.andi %kk, %bit0 : i32
    %c0 = arith.cmpi ne, %b0, %zero32 : i32
    %c1 = arith.cmpi ne, %b1, %zero32 : i32
    %c2 = arith.cmpi ne, %b2, %zero32 : i32
    %f = arith.shrui %kk, %three : i32
    %fuel = arith.index_cast %f : i32 to index
    %kf = func.constant @kernel : (i1, i1, i1, index, memref<16xf32>) -> memref<16xf32>
    %r = func.call_indirect %kf(%c0, %c1, %c2, %fuel, %in) : (i1, i1, i1, index, memref<16xf32>) -> memref<16xf32>
    func.call @collect(%r, %out) : (memref<16xf32>, memref<16xf32>) -> ()
    %own = arith.andi %c0, %c1 : i1
    scf.if %own {
      memref.dealloc %r : memref<16xf32>
    }
  }
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
