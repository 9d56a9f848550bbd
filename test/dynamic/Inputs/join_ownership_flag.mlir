// A kernel that reads either a private copy of its input or the input
// itself, picked by %copy; the copy is allocated on one branch only, so it
// does not dominate the exit, and the join block that reads it cannot tell
// which one it got: the copy leaks. The fix-it passes an ownership flag to
// the join with the buffer and frees it under the flag. A second kernel
// allocates a scratch row per iteration of a CFG loop and drops it on the
// back-edge: the fix-it frees it on that edge.
// EXPECT-VALGRIND: definitely-lost

func.func @sum(%copy: i1, %in: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  cf.cond_br %copy, ^make, ^direct
^make:
  %tmp = memref.alloc() : memref<4xf32>
  memref.copy %in, %tmp : memref<4xf32> to memref<4xf32>
  cf.br ^work(%tmp : memref<4xf32>)
^direct:
  cf.br ^work(%in : memref<4xf32>)
^work(%src: memref<4xf32>):
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %src[%i] : memref<4xf32>
    memref.store %v, %out[%i] : memref<4xf32>
  }
  return
}

func.func @rows(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %row = memref.alloc() : memref<4xf32>
  memref.copy %out, %row : memref<4xf32> to memref<4xf32>
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^loop(%next : index), ^done(%row : memref<4xf32>)
^done(%last: memref<4xf32>):
  memref.copy %last, %out : memref<4xf32> to memref<4xf32>
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %in = memref.alloc() : memref<4xf32>
  %out = memref.alloc() : memref<4xf32>
  memref.store %one, %in[%c0] : memref<4xf32>
  memref.store %one, %out[%c0] : memref<4xf32>
  func.call @sum(%t, %in, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @sum(%f, %in, %out) : (i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @rows(%c1, %out) : (index, memref<4xf32>) -> ()
  func.call @rows(%c3, %out) : (index, memref<4xf32>) -> ()
  memref.dealloc %in : memref<4xf32>
  memref.dealloc %out : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
