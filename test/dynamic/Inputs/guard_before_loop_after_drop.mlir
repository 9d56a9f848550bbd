// A kernel whose scf.index_switch on %c0 yields a fresh buffer filled from
// the caller's (case 0, %c0 false) or the caller's %arg (default); it reads
// the result into the output, then frees it (when it is the fresh one)
// where %c1 holds, and otherwise branches to a block that runs a loop of
// three iterations over the output, which never uses it: the fresh buffer
// leaks for %c0 false and %c1 false. The path reported loses it inside
// that loop (its trip count is a constant), outside the region of its
// allocation; the fix-it inserts its dealloc under a guard (%c0 false, when
// the switch yielded the fresh buffer) just before the loop, in the region
// of the switch's result, not once per iteration.
// EXPECT-VALGRIND: definitely-lost

func.func @f(%c0: i1, %c1: i1, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %k = arith.extui %c0 : i1 to i32
  %ix = arith.index_cast %k : i32 to index
  %r = scf.index_switch %ix -> memref<16xf32>
  case 0 {
    %a = memref.alloc() : memref<16xf32>
    scf.for %j = %i0 to %i16 step %i1 {
      %v = memref.load %arg[%j] : memref<16xf32>
      %w = arith.mulf %v, %two : f32
      memref.store %w, %a[%j] : memref<16xf32>
    }
    scf.yield %a : memref<16xf32>
  }
  default {
    scf.yield %arg : memref<16xf32>
  }
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %r[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  cf.cond_br %c1, ^freed, ^lost
^freed:
  scf.if %c0 {
  } else {
    memref.dealloc %r : memref<16xf32>
  }
  cf.br ^exit
^lost:
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %step = arith.constant 1 : index
  scf.for %i = %lb to %ub step %step {
    %x = memref.load %out[%i] : memref<16xf32>
    %y = arith.addf %x, %two : f32
    memref.store %y, %out[%i] : memref<16xf32>
  }
  cf.br ^exit
^exit:
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
