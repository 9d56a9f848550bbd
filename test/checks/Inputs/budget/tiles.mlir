func.func @two_tiles(%src: memref<64x256xf32>) {
  %a = memref.alloc() : memref<64x256xf32, 1>
  %b = memref.alloc() : memref<64x256xf32, 1>
  memref.copy %src, %a : memref<64x256xf32> to memref<64x256xf32, 1>
  memref.copy %a, %b : memref<64x256xf32, 1> to memref<64x256xf32, 1>
  memref.dealloc %a : memref<64x256xf32, 1>
  memref.dealloc %b : memref<64x256xf32, 1>
  return
}
