func.func @f() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
