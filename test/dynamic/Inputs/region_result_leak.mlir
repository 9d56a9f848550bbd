// A buffer allocated in a branch of an inner scf.if is handed out as its
// result and read in the enclosing branch, which then drops it; the other
// branch of the outer scf.if is empty.
// EXPECT-VALGRIND: definitely-lost

func.func @nested(%c: i1, %d: i1, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  scf.if %c {
  } else {
    %r = scf.if %d -> (memref<4xf32>) {
      %x = memref.alloc() : memref<4xf32>
      memref.store %one, %x[%c0] : memref<4xf32>
      scf.yield %x : memref<4xf32>
    } else {
      %y = memref.alloc() : memref<4xf32>
      memref.store %two, %y[%c0] : memref<4xf32>
      scf.yield %y : memref<4xf32>
    }
    %v = memref.load %r[%c0] : memref<4xf32>
    memref.store %v, %out[%c0] : memref<4xf32>
  }
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %out = memref.alloc() : memref<4xf32>
  func.call @nested(%t, %t, %out) : (i1, i1, memref<4xf32>) -> ()
  func.call @nested(%t, %f, %out) : (i1, i1, memref<4xf32>) -> ()
  func.call @nested(%f, %t, %out) : (i1, i1, memref<4xf32>) -> ()
  func.call @nested(%f, %f, %out) : (i1, i1, memref<4xf32>) -> ()
  memref.dealloc %out : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
