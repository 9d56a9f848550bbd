// A kernel whose scf.execute_region allocates %b and branches to a join
// ^bb2(%owned, %used) that writes to %used, adds it into the output, frees
// %owned itself and yields it. Where %c3 is false the join gets the fresh
// %a and the caller's buffer, and %b is never passed on; where %c3 holds
// it gets %b and %a (under %c0) or %a and %b (otherwise): %b, or %a when it
// comes as the argument the join only uses, leaks, and the loss shows past
// the region, where no name of %b is left. The fix-its free %a and %b
// where they are lost and, for %b handed in as %used, pass a join flag
// with %used only (true where it is %b, false with the caller's buffer or
// %a, which are freed elsewhere): the argument the join frees itself gets
// no flag, since a flagged free of it would free it twice.
// EXPECT-VALGRIND: definitely-lost

func.func @f(%c0: i1, %c3: i1, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %f1 = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %arg[%j] : memref<16xf32>
    memref.store %v, %a[%j] : memref<16xf32>
  }
  %r = scf.execute_region -> memref<16xf32> {
    %b = memref.alloc() : memref<16xf32>
    scf.for %j = %i0 to %i16 step %i1 {
      memref.store %f1, %b[%j] : memref<16xf32>
    }
    cf.cond_br %c3, ^bb1, ^bb2(%a, %arg : memref<16xf32>, memref<16xf32>)
  ^bb1:
    cf.cond_br %c0, ^bb2(%b, %a : memref<16xf32>, memref<16xf32>), ^bb2(%a, %b : memref<16xf32>, memref<16xf32>)
  ^bb2(%owned: memref<16xf32>, %used: memref<16xf32>):
    %x = memref.load %used[%i0] : memref<16xf32>
    %y = arith.addf %x, %f1 : f32
    memref.store %y, %used[%i0] : memref<16xf32>
    scf.for %j = %i0 to %i16 step %i1 {
      %v = memref.load %used[%j] : memref<16xf32>
      %o = memref.load %out[%j] : memref<16xf32>
      %w = arith.addf %v, %o : f32
      memref.store %w, %out[%j] : memref<16xf32>
    }
    memref.dealloc %owned : memref<16xf32>
    scf.yield %owned : memref<16xf32>
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
