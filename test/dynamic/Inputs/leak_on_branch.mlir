// A row "scale" kernel: the fast path copies the scratch buffer out and frees
// it; the slow path (which may also clamp) forgets the memref.dealloc.
// EXPECT-VALGRIND: definitely-lost

func.func @scale(%in: memref<64xf32>, %out: memref<64xf32>, %fast: i1, %clamp: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %k = arith.constant 0.5 : f32
  %scratch = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  scf.if %fast {
    scf.for %i = %c0 to %c64 step %c1 {
      %v = memref.load %in[%i] : memref<64xf32>
      %s = arith.mulf %v, %k : f32
      memref.store %s, %scratch[%i] : memref<64xf32>
    }
    memref.copy %scratch, %out : memref<64xf32> to memref<64xf32>
    memref.dealloc %scratch : memref<64xf32>
  } else {
    scf.for %i = %c0 to %c64 step %c1 {
      %v = memref.load %in[%i] : memref<64xf32>
      %s = arith.mulf %v, %k : f32
      %m = scf.if %clamp -> (f32) {
        %z = arith.minimumf %s, %k : f32
        scf.yield %z : f32
      } else {
        scf.yield %s : f32
      }
      memref.store %m, %scratch[%i] : memref<64xf32>
      %r = memref.load %scratch[%i] : memref<64xf32>
      memref.store %r, %out[%i] : memref<64xf32>
    }
    // BUG: no memref.dealloc %scratch on this path.
  }
  return
}

// Calls @scale for every combination of %fast and %clamp.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %in = memref.alloc() : memref<64xf32>
  %out = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    memref.store %one, %in[%i] : memref<64xf32>
  }
  func.call @scale(%in, %out, %f, %f) : (memref<64xf32>, memref<64xf32>, i1, i1) -> ()
  func.call @scale(%in, %out, %f, %t) : (memref<64xf32>, memref<64xf32>, i1, i1) -> ()
  func.call @scale(%in, %out, %t, %f) : (memref<64xf32>, memref<64xf32>, i1, i1) -> ()
  func.call @scale(%in, %out, %t, %t) : (memref<64xf32>, memref<64xf32>, i1, i1) -> ()
  memref.dealloc %in : memref<64xf32>
  memref.dealloc %out : memref<64xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
