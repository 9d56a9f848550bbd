// A buffer allocated in a block that branches twice to one join, passing
// it on one edge and the caller's buffer on the other; the join after that
// only sees it through a block argument. When the caller's buffer is
// passed on, the allocation leaks. The fix-it frees it at the end of the
// last block that sees its own name, under the branch's condition.
// EXPECT-VALGRIND: definitely-lost

func.func @kernel(%c: i1, %d: i1, %arg: memref<4xf32>) -> memref<4xf32> {
  %i0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  cf.cond_br %d, ^bb1, ^bb3
^bb1:
  %a = memref.alloc() : memref<4xf32>
  memref.store %one, %a[%i0] : memref<4xf32>
  cf.cond_br %c, ^bb2(%arg : memref<4xf32>), ^bb2(%a : memref<4xf32>)
^bb2(%p: memref<4xf32>):
  %x = memref.load %a[%i0] : memref<4xf32>
  cf.br ^bb4(%p : memref<4xf32>)
^bb3:
  cf.br ^bb4(%arg : memref<4xf32>)
^bb4(%q: memref<4xf32>):
  return %q : memref<4xf32>
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %x = memref.alloc() : memref<4xf32>
  %xi = memref.extract_aligned_pointer_as_index %x : memref<4xf32> -> index
  %r0 = func.call @kernel(%t, %t, %x) : (i1, i1, memref<4xf32>) -> memref<4xf32>
  %r1 = func.call @kernel(%t, %f, %x) : (i1, i1, memref<4xf32>) -> memref<4xf32>
  %r2 = func.call @kernel(%f, %t, %x) : (i1, i1, memref<4xf32>) -> memref<4xf32>
  %r3 = func.call @kernel(%f, %f, %x) : (i1, i1, memref<4xf32>) -> memref<4xf32>
  // The kernel returns the caller's buffer or its own: its own is freed.
  %i2 = memref.extract_aligned_pointer_as_index %r2 : memref<4xf32> -> index
  %own = arith.cmpi ne, %i2, %xi : index
  scf.if %own {
    memref.dealloc %r2 : memref<4xf32>
  }
  memref.dealloc %x : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
