// Deallocs of memory the function does not own, and mismatched deallocators.
// Each function has exactly one bad dealloc; @owner/@release show that freeing
// an argument is fine when every caller in the module hands over ownership.
//
// Expected findings (one lifetime-invalid-free error each, at the dealloc):
//   invalid_frees.mlir:24:3: error: invalid dealloc of '%arg': it is a function argument, owned by the caller [lifetime-invalid-free]
//   invalid_frees.mlir:31:3: error: invalid dealloc of '%lut': it is a global from memref.get_global [lifetime-invalid-free]
//   invalid_frees.mlir:40:3: error: invalid dealloc of '%tmp': it is stack memory from memref.alloca [lifetime-invalid-free]
//   invalid_frees.mlir:47:3: error: invalid dealloc of '%m': it is memory from bufferization.to_buffer, owned by its tensor [lifetime-invalid-free]
//   invalid_frees.mlir:61:3: error: invalid dealloc of '%tile': it is an interior view of buffer '%buf' [lifetime-invalid-free]
//   invalid_frees.mlir:69:3: error: invalid dealloc of '%dev': buffer from gpu.alloc must be freed by gpu.dealloc [lifetime-invalid-free]
//   invalid_frees.mlir:79:3: error: invalid dealloc of '%host': buffer from memref.alloc must be freed by memref.dealloc [lifetime-invalid-free]
// The bad deallocs of heap buffers ('%tile', '%dev', '%host') still count as
// releasing them, so no leak is reported for those buffers.
// No finding in @release or @owner.

memref.global "private" constant @lut : memref<256xf32> = dense<1.0>

// Frees its argument, but nothing in this module calls it: its callers are
// unknown and keep ownership of what they pass.
func.func @free_argument(%arg: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %v = memref.load %arg[%c0] : memref<16xf32>
  memref.dealloc %arg : memref<16xf32>
  return %v : f32
}

func.func @free_global(%i: index) -> f32 {
  %lut = memref.get_global @lut : memref<256xf32>
  %v = memref.load %lut[%i] : memref<256xf32>
  memref.dealloc %lut : memref<256xf32>
  return %v : f32
}

func.func @free_alloca(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %tmp = memref.alloca() : memref<16xf32>
  memref.store %x, %tmp[%c0] : memref<16xf32>
  %v = memref.load %tmp[%c0] : memref<16xf32>
  memref.dealloc %tmp : memref<16xf32>
  return %v : f32
}

func.func @free_to_buffer(%t: tensor<16xf32>, %i: index) -> f32 {
  %m = bufferization.to_buffer %t : tensor<16xf32> to memref<16xf32>
  %v = memref.load %m[%i] : memref<16xf32>
  memref.dealloc %m : memref<16xf32>
  return %v : f32
}

func.func @free_subview(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %buf = memref.alloc() : memref<64x64xf32>
  %tile = memref.subview %buf[16, 16] [16, 16] [1, 1]
      : memref<64x64xf32> to memref<16x16xf32, strided<[64, 1], offset: 1040>>
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %x, %tile[%i, %i] : memref<16x16xf32, strided<[64, 1], offset: 1040>>
  }
  memref.dealloc %tile : memref<16x16xf32, strided<[64, 1], offset: 1040>>
  return
}

func.func @free_gpu_with_memref_dealloc(%host: memref<1024xf32>) {
  %dev = gpu.alloc () : memref<1024xf32, 1>
  gpu.memcpy %dev, %host : memref<1024xf32, 1>, memref<1024xf32>
  gpu.memcpy %host, %dev : memref<1024xf32>, memref<1024xf32, 1>
  memref.dealloc %dev : memref<1024xf32, 1>
  return
}

func.func @free_host_with_gpu_dealloc(%src: memref<1024xf32>) {
  %host = memref.alloc() : memref<1024xf32>
  memref.copy %src, %host : memref<1024xf32> to memref<1024xf32>
  %dev = gpu.alloc () : memref<1024xf32, 1>
  gpu.memcpy %dev, %host : memref<1024xf32, 1>, memref<1024xf32>
  gpu.dealloc %dev : memref<1024xf32, 1>
  gpu.dealloc %host : memref<1024xf32>
  return
}

// Frees argument 0; its only caller (@owner) passes a buffer it owns.
func.func private @release(%b: memref<16xf32>) {
  memref.dealloc %b : memref<16xf32>
  return
}

func.func @owner(%x: f32) {
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %b[%c0] : memref<16xf32>
  func.call @release(%b) : (memref<16xf32>) -> ()
  return
}
