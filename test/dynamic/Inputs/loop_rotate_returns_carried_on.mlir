// A kernel whose scf.for of %n iterations allocates a buffer each
// iteration, fills it from the one handed on by the last iteration (%y, and
// under %c adds the one of the iteration before, %x) and rotates the
// iter_args: it yields %y, then the new buffer, and the kernel returns the
// loop's first result (cfg seed 75014). Each iteration drops %x, which from
// the third iteration on is a buffer of the loop, and the second result,
// the last iteration's buffer, is dropped too: leaks for %n >= 1. The
// fix-it is the ownership flags through several iter_args: %x is freed
// under its flag after its last use in the body, and the second result
// under its flag before the return; the first result, which may be what
// the second iter_arg held, is the caller's (@main's own %q0 for %n = 0,
// %q1 for %n = 1, a fresh buffer from %n = 2 on, which @main frees).
// EXPECT-VALGRIND: definitely-lost

func.func @rotate_returns_carried_on(%c: i1, %n: index, %q0: memref<16xf32>, %q1: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %r0, %r1 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %q0, %y = %q1) -> (memref<16xf32>, memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %y[%j] : memref<16xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %a[%j] : memref<16xf32>
    }
    scf.if %c {
      scf.for %j = %c0 to %c16 step %c1 {
        %v = memref.load %x[%j] : memref<16xf32>
        %u = memref.load %a[%j] : memref<16xf32>
        %w = arith.addf %v, %u : f32
        memref.store %w, %a[%j] : memref<16xf32>
      }
    }
    scf.yield %y, %a : memref<16xf32>, memref<16xf32>
  }
  return %r0 : memref<16xf32>
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

// Every (%c, %n) for %c in {false, true} and %n in 0..3. The result is
// @main's %p for %n = 0 and %q for %n = 1: @main frees it for %n = 2, 3.
func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<16xf32>
  %q = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %p[%j] : memref<16xf32>
    memref.store %one, %q[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  scf.for %k = %i0 to %i2 step %i1 {
    %c = arith.cmpi ne, %k, %i0 : index
    %m0 = func.call @rotate_returns_carried_on(%c, %i0, %p, %q) : (i1, index, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
    func.call @collect(%m0, %out) : (memref<16xf32>, memref<16xf32>) -> ()
    %m1 = func.call @rotate_returns_carried_on(%c, %i1, %p, %q) : (i1, index, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
    func.call @collect(%m1, %out) : (memref<16xf32>, memref<16xf32>) -> ()
    %m2 = func.call @rotate_returns_carried_on(%c, %i2, %p, %q) : (i1, index, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
    func.call @collect(%m2, %out) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %m2 : memref<16xf32>
    %m3 = func.call @rotate_returns_carried_on(%c, %i3, %p, %q) : (i1, index, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
    func.call @collect(%m3, %out) : (memref<16xf32>, memref<16xf32>) -> ()
    memref.dealloc %m3 : memref<16xf32>
  }
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %q : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
