// A loop swaps two buffers a trip count not known times, then frees both
// results and returns one of the buffers: the caller gets freed memory
// (the returned buffer is freed on every path). The fix-it frees the loop's
// inits instead, all but the one returned; @main frees what it gets back.
// EXPECT-VALGRIND: invalid-read invalid-free

func.func @kernel(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.store %one, %b[%c0] : memref<4xf32>
  %r1, %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<4xf32>, memref<4xf32>) {
    memref.store %one, %x[%c0] : memref<4xf32>
    scf.yield %y, %x : memref<4xf32>, memref<4xf32>
  }
  memref.dealloc %r1 : memref<4xf32>
  memref.dealloc %r2 : memref<4xf32>
  return %b : memref<4xf32>
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %sum = scf.for %n = %c0 to %c4 step %c1 iter_args(%acc = %c0) -> (index) {
    %m = func.call @kernel(%n) : (index) -> memref<4xf32>
    %v = memref.load %m[%c0] : memref<4xf32>
    memref.dealloc %m : memref<4xf32>
    %k = arith.fptosi %v : f32 to i32
    %ki = arith.index_cast %k : i32 to index
    %next = arith.addi %acc, %ki : index
    scf.yield %next : index
  }
  %ok = arith.constant 0 : i32
  return %ok : i32
}
