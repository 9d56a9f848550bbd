// A helper frees the buffer it is given; the kernel gives it a buffer of its
// own when %c holds and the caller's buffer otherwise, which the caller then
// reads and frees again.
// EXPECT-VALGRIND: invalid-free invalid-read invalid-write

func.func @release(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}

func.func @maybe_release(%c: i1, %arg: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %m = scf.if %c -> (memref<4xf32>) {
    %fresh = memref.alloc() : memref<4xf32>
    memref.store %one, %fresh[%c0] : memref<4xf32>
    scf.yield %fresh : memref<4xf32>
  } else {
    scf.yield %arg : memref<4xf32>
  }
  // BUG: frees %arg, which the caller owns, when %c is false.
  func.call @release(%m) : (memref<4xf32>) -> ()
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %x = memref.alloc() : memref<4xf32>
  func.call @maybe_release(%t, %x) : (i1, memref<4xf32>) -> ()
  func.call @maybe_release(%f, %x) : (i1, memref<4xf32>) -> ()
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<4xf32>
  memref.store %v, %x[%c0] : memref<4xf32>
  memref.dealloc %x : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
