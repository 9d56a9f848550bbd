func.func @f() {
  %a = memref.alloc() : memref<4294967296x4294967296xi8>
  %b = memref.alloc() : memref<16xi8>
  memref.dealloc %a : memref<4294967296x4294967296xi8>
  memref.dealloc %b : memref<16xi8>
  return
}
