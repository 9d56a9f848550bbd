// A kernel that clears the head of a target buffer picked in two steps: a
// cf.cond_br on %c0 either keeps the caller's buffer, or enters a block
// that dispatches with an scf.index_switch on an index made from %c1 (case
// 0 yields the kernel's scratch buffer, the default case a fresh copy of
// the caller's data); the join clears and reads the target, then frees the
// scratch buffer. The fresh copy is never freed: it leaks where %c0 and %c1
// hold. The switch's result holds the copy under the switch's decision, as
// an scf.if's does under its condition, so the fix-it passes %c1 itself as
// the join's ownership flag with the switch's result (false with the
// caller's buffer) and frees the join's argument under it after its use.
// EXPECT-VALGRIND: definitely-lost

func.func @clear_head(%c0: i1, %c1: i1, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i4 = arith.constant 4 : index
  %i16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %two, %a[%j] : memref<16xf32>
  }
  cf.cond_br %c0, ^bb1, ^bb2(%arg : memref<16xf32>)
^bb1:
  %k = arith.extui %c1 : i1 to i32
  %ix = arith.index_cast %k : i32 to index
  %r = scf.index_switch %ix -> memref<16xf32>
  case 0 {
    scf.yield %a : memref<16xf32>
  }
  default {
    %n = memref.alloc() : memref<16xf32>
    memref.copy %arg, %n : memref<16xf32> to memref<16xf32>
    scf.yield %n : memref<16xf32>
  }
  cf.br ^bb2(%r : memref<16xf32>)
^bb2(%p: memref<16xf32>):
  scf.for %j = %i0 to %i4 step %i1 {
    memref.store %zero, %p[%j] : memref<16xf32>
  }
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %p[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  memref.dealloc %a : memref<16xf32>
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
  func.call @clear_head(%false, %false, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @clear_head(%false, %true, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @clear_head(%true, %false, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @clear_head(%true, %true, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
