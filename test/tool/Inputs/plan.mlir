// Buffers for `mlir-memlint plan`: a pipeline with late deallocs, a buffer
// live across a loop, a dynamic buffer and one in memory space 1.
func.func @pipeline(%in: memref<1024xf32>, %n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<1024xf32>
  memref.copy %in, %a : memref<1024xf32> to memref<1024xf32>
  %b = memref.alloc() : memref<512xf32>
  %v = memref.load %a[%c0] : memref<1024xf32>
  memref.store %v, %b[%c0] : memref<512xf32>
  %c = memref.alloc() : memref<1024xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<256xf32>
    memref.store %f, %t[%c0] : memref<256xf32>
    %w = memref.load %b[%c0] : memref<512xf32>
    memref.store %w, %c[%i] : memref<1024xf32>
    memref.dealloc %t : memref<256xf32>
  }
  memref.copy %c, %in : memref<1024xf32> to memref<1024xf32>
  %d = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %d[%c0] : memref<?xf32>
  %s = memref.alloc() : memref<64xf32, 1>
  memref.store %f, %s[%c0] : memref<64xf32, 1>
  memref.dealloc %s : memref<64xf32, 1>
  memref.dealloc %d : memref<?xf32>
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %b : memref<512xf32>
  memref.dealloc %c : memref<1024xf32>
  return
}
