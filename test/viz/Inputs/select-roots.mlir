func.func @select_roots(%c: i1) -> memref<f32> {
  %a1 = memref.alloc() : memref<f32>
  %a2 = memref.alloc() : memref<f32>
  %s = arith.select %c, %a1, %a2 : memref<f32>
  memref.dealloc %a2 : memref<f32>
  return %s : memref<f32>
}
