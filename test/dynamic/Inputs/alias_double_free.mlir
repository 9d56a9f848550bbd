// A transpose-like kernel reads its tile through a reinterpreting view. The
// "eager release" path frees the tile through the view while it is still in
// use by the final read-back, and the common epilogue frees it again through
// the original value: a use after free and a double free when %eager holds.
// EXPECT-VALGRIND: invalid-free invalid-read

func.func @tile(%in: memref<8xf32>, %out: memref<8xf32>, %eager: i1, %neg: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %buf = memref.alloc() : memref<8xf32>
  %view = memref.cast %buf : memref<8xf32> to memref<?xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    %r = arith.subi %c7, %i : index
    %v = memref.load %in[%r] : memref<8xf32>
    %w = scf.if %neg -> (f32) {
      %n = arith.negf %v : f32
      scf.yield %n : f32
    } else {
      scf.yield %v : f32
    }
    memref.store %w, %view[%i] : memref<?xf32>
  }
  scf.if %eager {
    // BUG: released here, then read below and released again.
    memref.dealloc %view : memref<?xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %buf[%i] : memref<8xf32>
    memref.store %v, %out[%i] : memref<8xf32>
  }
  memref.dealloc %buf : memref<8xf32>
  return
}

// Calls @tile for every combination of %eager and %neg.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %in = memref.alloc() : memref<8xf32>
  %out = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c8 step %c1 {
    memref.store %one, %in[%i] : memref<8xf32>
  }
  func.call @tile(%in, %out, %f, %f) : (memref<8xf32>, memref<8xf32>, i1, i1) -> ()
  func.call @tile(%in, %out, %f, %t) : (memref<8xf32>, memref<8xf32>, i1, i1) -> ()
  func.call @tile(%in, %out, %t, %f) : (memref<8xf32>, memref<8xf32>, i1, i1) -> ()
  func.call @tile(%in, %out, %t, %t) : (memref<8xf32>, memref<8xf32>, i1, i1) -> ()
  memref.dealloc %in : memref<8xf32>
  memref.dealloc %out : memref<8xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
