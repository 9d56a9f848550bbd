// Each iteration allocates the next state and carries the two last ones:
// the one two iterations old is read and dropped, and the last two are
// dropped after the loop.
// EXPECT-VALGRIND: definitely-lost

func.func @rotate(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %s0 = memref.load %out[%c0] : memref<4xf32>
  %r1, %r2, %s = scf.for %k = %c0 to %n step %c1 iter_args(%cur = %out, %prev = %out, %acc = %s0) -> (memref<4xf32>, memref<4xf32>, f32) {
    %v = memref.load %prev[%c0] : memref<4xf32>
    %w = arith.addf %v, %acc : f32
    %next = memref.alloc() : memref<4xf32>
    memref.store %w, %next[%c0] : memref<4xf32>
    scf.yield %next, %cur, %w : memref<4xf32>, memref<4xf32>, f32
  }
  %t = arith.addf %s, %one : f32
  memref.store %t, %out[%c1] : memref<4xf32>
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<4xf32>
  memref.store %zero, %out[%c0] : memref<4xf32>
  func.call @rotate(%c0, %out) : (index, memref<4xf32>) -> ()
  func.call @rotate(%c1, %out) : (index, memref<4xf32>) -> ()
  func.call @rotate(%c2, %out) : (index, memref<4xf32>) -> ()
  func.call @rotate(%c3, %out) : (index, memref<4xf32>) -> ()
  memref.dealloc %out : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
