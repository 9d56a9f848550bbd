func.func @leak() {
  %a = memref.alloc() : memref<4xf32>
  return
}

func.func @double_free() {
  %b = memref.alloc() : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}
