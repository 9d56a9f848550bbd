func.func @dyn(%n: index) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %a[%c0] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  %b = memref.alloc(%n) : memref<?x4xf32>
  memref.store %f, %b[%c0, %c0] : memref<?x4xf32>
  memref.dealloc %b : memref<?x4xf32>
  return
}
