func.func @a() {
  return
}
func.func @b(%x: memref<4xf32>) {
  return
}
func.func private @decl()
func.func @c() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
