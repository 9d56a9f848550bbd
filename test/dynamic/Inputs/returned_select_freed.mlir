// The kernel returns one of two buffers, chosen by %c, and the branches on
// %c free the one it returns and leak the other: the caller reads and frees
// freed memory, and the other buffer is lost.
// EXPECT-VALGRIND: definitely-lost invalid-free invalid-read

func.func @pick(%c: i1) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %one, %a[%i] : memref<4xf32>
    memref.store %one, %b[%i] : memref<4xf32>
  }
  %r = arith.select %c, %a, %b : memref<4xf32>
  // BUG: each branch frees the buffer %r holds.
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  } else {
    memref.dealloc %b : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func @use(%c: i1, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %r = func.call @pick(%c) : (i1) -> memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  memref.store %v, %out[%c0] : memref<4xf32>
  memref.dealloc %r : memref<4xf32>
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %out = memref.alloc() : memref<4xf32>
  func.call @use(%t, %out) : (i1, memref<4xf32>) -> ()
  func.call @use(%f, %out) : (i1, memref<4xf32>) -> ()
  memref.dealloc %out : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
