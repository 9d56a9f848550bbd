// A scratch buffer of one branch is freed before the block where the branches
// join reads it through a block argument (the shape of upstream
// buffer-hoisting's moving_invalid_dealloc_op_complex): on the %fresh path the
// join reads freed memory.
// EXPECT-VALGRIND: invalid-read

func.func @kernel(%fresh: i1, %in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  cf.cond_br %fresh, ^scratch, ^reuse
^reuse:
  cf.br ^join(%in : memref<16xf32>)
^scratch:
  %a = memref.alloc() : memref<16xf32>
  %two = arith.constant 2.0 : f32
  memref.store %two, %a[%c0] : memref<16xf32>
  // BUG: freed before the join reads it.
  memref.dealloc %a : memref<16xf32>
  cf.br ^join(%a : memref<16xf32>)
^join(%p: memref<16xf32>):
  %x = memref.load %p[%c0] : memref<16xf32>
  memref.store %x, %out[%c0] : memref<16xf32>
  return
}

// Calls @kernel with %fresh false and true.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  memref.store %one, %in[%c0] : memref<16xf32>
  func.call @kernel(%f, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @kernel(%t, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %in : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
