// Deallocs of memory the function does not own, and mismatched deallocators.
// Each function has exactly one bad dealloc; @owner/@release show that freeing
// an argument is fine when every caller in the module hands over ownership.
//
// RUN: cd %S && not mlir-memlint %{s:basename} 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Expected (the CHECK lines at the end): a lifetime-invalid-free error at the
// bad dealloc of each function: an argument, a global, a stack buffer, a
// buffer from bufferization.to_buffer, an interior view, and a gpu.alloc and
// a memref.alloc freed by the other deallocator.
// An invalid free through an interior view changes nothing on the path (as
// free(p + 8) in C), so '%buf' is also reported as leaked. A wrong
// deallocator still releases the buffer: no leak for '%dev' or '%host'.
// No finding in @release or @owner.
//

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

// The findings, in the order the tool prints them (snippet lines between them).
// CHECK: invalid_frees.mlir:24:3: error: freeing function argument '%arg', which the function does not own [lifetime-invalid-free]
// CHECK: invalid_frees.mlir:31:3: error: freeing '%lut', a global from memref.get_global [lifetime-invalid-free]
// CHECK: invalid_frees.mlir:29:10: note: global taken here
// CHECK: invalid_frees.mlir:40:3: error: freeing '%tmp', a stack buffer from memref.alloca [lifetime-invalid-free]
// CHECK: invalid_frees.mlir:37:10: note: stack buffer allocated here
// CHECK: invalid_frees.mlir:47:3: error: freeing '%m', memory the function does not own (from bufferization.to_buffer) [lifetime-invalid-free]
// CHECK: invalid_frees.mlir:45:8: note: memory obtained here
// CHECK: invalid_frees.mlir:55:10: error: buffer '%buf' is leaked on every path [lifetime-leak]
// CHECK: invalid_frees.mlir:55:10: note: buffer allocated here
// CHECK: invalid_frees.mlir:62:3: note: buffer leaks at function exit
// CHECK: invalid_frees.mlir:61:3: error: freeing '%tile', an interior view of buffer '%buf'; free the buffer itself [lifetime-invalid-free]
// CHECK: invalid_frees.mlir:55:10: note: buffer allocated here
// CHECK: invalid_frees.mlir:69:3: error: buffer '%dev' allocated by gpu.alloc is freed by memref.dealloc [lifetime-invalid-free]
// CHECK: invalid_frees.mlir:66:10: note: buffer allocated here
// CHECK: invalid_frees.mlir:79:3: error: buffer '%host' allocated by memref.alloc is freed by gpu.dealloc [lifetime-invalid-free]
// CHECK: invalid_frees.mlir:74:11: note: buffer allocated here
// CHECK: mlir-memlint: 8 errors in 1 file
