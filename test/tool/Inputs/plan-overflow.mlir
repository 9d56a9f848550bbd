func.func @big() {
  %a = memref.alloc() : memref<4294967296x4294967296xi8>
  memref.dealloc %a : memref<4294967296x4294967296xi8>
  return
}
