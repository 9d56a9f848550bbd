// A blur kernel picks a small or a large staging buffer (merged through the
// result of an scf.if), optionally runs a second smoothing pass, and writes
// the staged values out. Nobody frees the staging buffer: it leaks on every
// path.
// EXPECT-VALGRIND: definitely-lost

func.func @blur(%in: memref<32xf32>, %out: memref<32xf32>, %wide: i1, %twice: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %half = arith.constant 0.5 : f32
  %stage = scf.if %wide -> (memref<?xf32>) {
    %big = memref.alloc(%c48) : memref<?xf32>
    scf.yield %big : memref<?xf32>
  } else {
    %small = memref.alloc(%c32) : memref<?xf32>
    scf.yield %small : memref<?xf32>
  }
  scf.for %i = %c0 to %c32 step %c1 {
    %v = memref.load %in[%i] : memref<32xf32>
    %h = arith.mulf %v, %half : f32
    memref.store %h, %stage[%i] : memref<?xf32>
  }
  scf.if %twice {
    scf.for %i = %c1 to %c32 step %c1 {
      %im1 = arith.subi %i, %c1 : index
      %a = memref.load %stage[%im1] : memref<?xf32>
      %b = memref.load %stage[%i] : memref<?xf32>
      %s = arith.addf %a, %b : f32
      %m = arith.mulf %s, %half : f32
      memref.store %m, %stage[%i] : memref<?xf32>
    }
  }
  scf.for %i = %c0 to %c32 step %c1 {
    %v = memref.load %stage[%i] : memref<?xf32>
    memref.store %v, %out[%i] : memref<32xf32>
  }
  // BUG: %stage is never freed.
  return
}

// Calls @blur for every combination of %wide and %twice.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %in = memref.alloc() : memref<32xf32>
  %out = memref.alloc() : memref<32xf32>
  scf.for %i = %c0 to %c32 step %c1 {
    memref.store %one, %in[%i] : memref<32xf32>
  }
  func.call @blur(%in, %out, %f, %f) : (memref<32xf32>, memref<32xf32>, i1, i1) -> ()
  func.call @blur(%in, %out, %f, %t) : (memref<32xf32>, memref<32xf32>, i1, i1) -> ()
  func.call @blur(%in, %out, %t, %f) : (memref<32xf32>, memref<32xf32>, i1, i1) -> ()
  func.call @blur(%in, %out, %t, %t) : (memref<32xf32>, memref<32xf32>, i1, i1) -> ()
  memref.dealloc %in : memref<32xf32>
  memref.dealloc %out : memref<32xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
