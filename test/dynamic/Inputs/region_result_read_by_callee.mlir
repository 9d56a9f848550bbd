// %r is a new buffer when %c is true and a view of %arg otherwise; a callee
// reads it and nobody frees it. --fix frees it after the call, under %c.
// EXPECT-VALGRIND: definitely-lost

func.func @g(%m: memref<?xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<?xf32>
  memref.store %v, %out[%c0] : memref<4xf32>
  return
}

func.func @kernel(%c: i1, %arg: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %r = scf.if %c -> (memref<?xf32>) {
    %a = memref.alloc() : memref<4xf32>
    memref.store %one, %a[%c0] : memref<4xf32>
    %d = memref.cast %a : memref<4xf32> to memref<?xf32>
    scf.yield %d : memref<?xf32>
  } else {
    %d = memref.cast %arg : memref<4xf32> to memref<?xf32>
    scf.yield %d : memref<?xf32>
  }
  func.call @g(%r, %out) : (memref<?xf32>, memref<4xf32>) -> ()
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %two = arith.constant 2.0 : f32
  %arg = memref.alloc() : memref<4xf32>
  %out = memref.alloc() : memref<4xf32>
  memref.store %two, %arg[%c0] : memref<4xf32>
  func.call @kernel(%t, %arg, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @kernel(%f, %arg, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  memref.dealloc %arg : memref<4xf32>
  memref.dealloc %out : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
