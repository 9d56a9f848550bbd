// A kernel that fills two fresh buffers from the caller's, returns a
// select of them on %c, and frees the second (through @g_free, the
// module's deallocation wrapper) where %c holds, when it returns the first;
// it also reads the first in the block where the paths join: the first
// leaks for %c false. The branch on %c tells the analysis which buffer the
// select holds, so the path reported loses the first in the callee after
// its last use by name; no place after the return frees it, so the fix-it
// inserts its dealloc under a guard (%c false, when the return hands out
// the second) just before the return. @main reads the result and frees it.
// EXPECT-VALGRIND: definitely-lost

func.func @g_free(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}

func.func @pick(%c: i1, %in: memref<16xf32>, %out: memref<16xf32>) -> memref<16xf32> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %a1 = memref.alloc() : memref<16xf32>
  %a2 = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %in[%j] : memref<16xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %v, %a1[%j] : memref<16xf32>
    memref.store %w, %a2[%j] : memref<16xf32>
  }
  %sel = arith.select %c, %a1, %a2 : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  func.call @g_free(%a2) : (memref<16xf32>) -> ()
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %t = memref.alloc() : memref<16xf32>
  %x = memref.load %a1[%i1] : memref<16xf32>
  memref.store %x, %t[%i0] : memref<16xf32>
  %y = memref.load %t[%i0] : memref<16xf32>
  memref.store %y, %out[%i0] : memref<16xf32>
  func.call @g_free(%t) : (memref<16xf32>) -> ()
  return %sel : memref<16xf32>
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
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
  %m0 = func.call @pick(%true, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v0 = memref.load %m0[%i1] : memref<16xf32>
  memref.store %v0, %out[%i1] : memref<16xf32>
  memref.dealloc %m0 : memref<16xf32>
  %m1 = func.call @pick(%false, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v1 = memref.load %m1[%i1] : memref<16xf32>
  memref.store %v1, %out[%i2] : memref<16xf32>
  memref.dealloc %m1 : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
