// A kernel whose scf.execute_region allocates a buffer, fills it from the
// caller's and passes it, with the caller's conditions, to a helper that
// reads it into the output and frees it only where %c0 holds (where it does
// not, the helper allocates a scratch buffer of its own and frees that on
// either branch of %c1): the region's buffer leaks for %c0 false. It is
// lost in the callee, and the function's body never names it; the fix-it (a
// guard from a callee's branch) inserts its dealloc under a guard (%c0
// false) right after the call, inside the region that allocates it.
// EXPECT-VALGRIND: definitely-lost

func.func @g(%m: memref<16xf32>, %c: i1, %d: i1, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %m[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  cf.cond_br %c, ^bb1(%m : memref<16xf32>), ^bb2
^bb1(%p: memref<16xf32>):
  memref.dealloc %p : memref<16xf32>
  return
^bb2:
  %b = memref.alloc() : memref<16xf32>
  %x = memref.load %m[%i1] : memref<16xf32>
  memref.store %x, %b[%i0] : memref<16xf32>
  %y = memref.load %b[%i0] : memref<16xf32>
  memref.store %y, %out[%i0] : memref<16xf32>
  cf.cond_br %d, ^bb1(%b : memref<16xf32>), ^bb3
^bb3:
  memref.dealloc %b : memref<16xf32>
  return
}

func.func @f(%c0: i1, %c1: i1, %in: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  scf.execute_region {
    %a = memref.alloc() : memref<16xf32>
    scf.for %j = %i0 to %i16 step %i1 {
      %v = memref.load %in[%j] : memref<16xf32>
      %w = arith.mulf %v, %two : f32
      memref.store %w, %a[%j] : memref<16xf32>
    }
    func.call @g(%a, %c0, %c1, %out) : (memref<16xf32>, i1, i1, memref<16xf32>) -> ()
    scf.yield
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
  func.call @f(%true, %true, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %false, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %true, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %false, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
