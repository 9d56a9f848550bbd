// A kernel with an scf.for of two iterations (a constant trip count: with
// none the loop's result would be the buffer of before the loop, which the
// kernel also frees under %c0) whose body switches on %c0: case 0 frees the
// carried buffer and yields a fresh one, case 1 yields the buffer of
// before the loop instead, the default (never taken) reads the carried
// buffer and passes it on. The body writes to the switch's result, adds it
// into the output, frees it where %c0 is false, and yields a fresh buffer
// to the next iteration. Where %c0 holds, the second iteration's case 1
// drops the first iteration's buffer: a leak. The fix-it is the
// loop-carried ownership flag: the dropped buffer is freed under the flag
// at the end of the regions of the scf.index_switch that do not hand it on
// (not after its last use in the body, which would free it again where
// case 0 did).
// EXPECT-VALGRIND: definitely-lost

func.func @f(%c0: i1, %out: memref<16xf32>) {
  %a34 = memref.alloc() : memref<16xf32>
  %cst35 = arith.constant 0 : index
  %cst36 = arith.constant 2 : index
  %cst37 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  scf.for %j = %cst35 to %i16 step %cst37 {
    memref.store %one, %a34[%j] : memref<16xf32>
  }
  %r50 = scf.for %iv39 = %cst35 to %cst36 step %cst37 iter_args(%it40 = %a34) -> (memref<16xf32>) {
    %k42 = arith.extui %c0 : i1 to i32
    %ix43 = arith.index_cast %k42 : i32 to index
    %r47 = scf.index_switch %ix43 -> memref<16xf32>
    case 0 {
      memref.dealloc %it40 : memref<16xf32>
      %a46 = memref.alloc() : memref<16xf32>
      scf.yield %a46 : memref<16xf32>
    }
    case 1 {
      scf.yield %a34 : memref<16xf32>
    }
    default {
      %x44 = memref.load %it40[%cst35] : memref<16xf32>
      scf.yield %it40 : memref<16xf32>
    }
    %cst48 = arith.constant 2.0 : f32
    memref.store %cst48, %r47[%cst35] : memref<16xf32>
    %v = memref.load %r47[%cst35] : memref<16xf32>
    %o = memref.load %out[%cst35] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%cst35] : memref<16xf32>
    scf.if %c0 {
    } else {
      memref.dealloc %r47 : memref<16xf32>
    }
    %a49 = memref.alloc() : memref<16xf32>
    memref.store %one, %a49[%cst35] : memref<16xf32>
    scf.yield %a49 : memref<16xf32>
  }
  %y = memref.load %r50[%cst35] : memref<16xf32>
  memref.store %y, %out[%cst37] : memref<16xf32>
  memref.dealloc %r50 : memref<16xf32>
  scf.if %c0 {
    memref.dealloc %a34 : memref<16xf32>
  }
  return
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  func.call @f(%true, %out) : (i1, memref<16xf32>) -> ()
  func.call @f(%false, %out) : (i1, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
