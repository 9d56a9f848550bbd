// A CFG loop frees the buffer of the previous iteration through its block
// argument: the first time, the function's own buffer, which is still read
// after the loop (a use after free when the loop runs at least once).
// EXPECT-VALGRIND: invalid-read

func.func @rotate(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  memref.store %one, %a[%c0] : memref<4xf32>
  cf.br ^bb1(%c0, %a : index, memref<4xf32>)
^bb1(%i: index, %cur: memref<4xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %next = memref.alloc() : memref<4xf32>
  memref.copy %cur, %next : memref<4xf32> to memref<4xf32>
  memref.dealloc %cur : memref<4xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^bb1(%i2, %next : index, memref<4xf32>)
^bb3:
  %v = memref.load %a[%c0] : memref<4xf32>
  memref.store %v, %out[%c0] : memref<4xf32>
  memref.copy %cur, %out : memref<4xf32> to memref<4xf32>
  memref.dealloc %cur : memref<4xf32>
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %out = memref.alloc() : memref<4xf32>
  func.call @rotate(%c0, %out) : (index, memref<4xf32>) -> ()
  func.call @rotate(%c1, %out) : (index, memref<4xf32>) -> ()
  func.call @rotate(%c3, %out) : (index, memref<4xf32>) -> ()
  memref.dealloc %out : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
