// Use after free through a cast, and a branchy CFG around it.
func.func @use_after_free_cast(%flag: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<16xf32>
  %dyn = memref.cast %buf : memref<16xf32> to memref<?xf32>
  cf.cond_br %flag, ^bb1, ^bb2
^bb1:
  memref.dealloc %buf : memref<16xf32>
  cf.br ^bb3
^bb2:
  memref.dealloc %buf : memref<16xf32>
  cf.br ^bb3
^bb3:
  %r = memref.load %dyn[%c0] : memref<?xf32>
  return %r : f32
}
