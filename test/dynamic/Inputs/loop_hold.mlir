// Each iteration frees the state it received and carries the next one: the
// first iteration frees %init, which the function reads after the loop; with
// no iteration, %last is %init and is read, then freed.
// EXPECT-VALGRIND: invalid-read

func.func @rotate(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %one, %init[%i] : memref<4xf32>
  }
  %last = scf.for %k = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<4xf32>) {
    %next = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %v = memref.load %cur[%i] : memref<4xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %next[%i] : memref<4xf32>
    }
    %view = memref.cast %cur : memref<4xf32> to memref<?xf32>
    memref.dealloc %view : memref<?xf32>
    scf.yield %next : memref<4xf32>
  }
  %r = memref.load %last[%c0] : memref<4xf32>
  %s = memref.load %init[%c1] : memref<4xf32>
  %t = arith.addf %r, %s : f32
  memref.store %t, %out[%c0] : memref<4xf32>
  memref.dealloc %last : memref<4xf32>
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
