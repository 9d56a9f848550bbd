// Each iteration of an scf.while allocates the next state from the current
// one and carries it to the next iteration, which replaces it without
// freeing it; the loop starts from the caller's buffer, and the last state
// is handed to one of two blocks and dropped there.
// EXPECT-VALGRIND: definitely-lost

func.func @rotate(%c: i1, %n: index, %init: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %k, %last = scf.while (%i = %c0, %cur = %init) : (index, memref<4xf32>) -> (index, memref<4xf32>) {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i, %cur : index, memref<4xf32>
  } do {
  ^bb0(%i2: index, %cur2: memref<4xf32>):
    %next = memref.alloc() : memref<4xf32>
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %cur2[%j] : memref<4xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %next[%j] : memref<4xf32>
    }
    %i3 = arith.addi %i2, %c1 : index
    scf.yield %i3, %next : index, memref<4xf32>
  }
  cf.cond_br %c, ^bb1(%last : memref<4xf32>), ^bb2
^bb1(%m: memref<4xf32>):
  %r = memref.load %m[%c0] : memref<4xf32>
  memref.store %r, %out[%c0] : memref<4xf32>
  return
^bb2:
  %s = memref.load %last[%c1] : memref<4xf32>
  memref.store %s, %out[%c1] : memref<4xf32>
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %true = arith.constant true
  %false = arith.constant false
  %zero = arith.constant 0.0 : f32
  %init = memref.alloc() : memref<4xf32>
  scf.for %j = %c0 to %c4 step %c1 {
    memref.store %zero, %init[%j] : memref<4xf32>
  }
  %out = memref.alloc() : memref<4xf32>
  func.call @rotate(%true, %c0, %init, %out) : (i1, index, memref<4xf32>, memref<4xf32>) -> ()
  func.call @rotate(%true, %c1, %init, %out) : (i1, index, memref<4xf32>, memref<4xf32>) -> ()
  func.call @rotate(%true, %c3, %init, %out) : (i1, index, memref<4xf32>, memref<4xf32>) -> ()
  func.call @rotate(%false, %c0, %init, %out) : (i1, index, memref<4xf32>, memref<4xf32>) -> ()
  func.call @rotate(%false, %c1, %init, %out) : (i1, index, memref<4xf32>, memref<4xf32>) -> ()
  func.call @rotate(%false, %c3, %init, %out) : (i1, index, memref<4xf32>, memref<4xf32>) -> ()
  memref.dealloc %out : memref<4xf32>
  memref.dealloc %init : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
