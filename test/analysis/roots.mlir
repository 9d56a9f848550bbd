// RUN: memlint-opt -allow-unregistered-dialect -test-memlint-roots %s -o /dev/null | FileCheck %s

// How the memory model reads each op through MLIR's interfaces and the small
// exception table.
func.func @model(%m: memref<16xf32>, %i: index) {
  // CHECK: alloc: alloc(heap, memref.dealloc)
  %a = memref.alloc() {memlint.tag = "alloc"} : memref<16xf32>
  // CHECK: alloca: alloc(stack, memref.dealloc)
  %s = memref.alloca() {memlint.tag = "alloca"} : memref<16xf32>
  // CHECK: gpu: alloc(heap, gpu.dealloc)
  %g = gpu.alloc () {memlint.tag = "gpu"} : memref<16xf32>
  // CHECK: clone: alloc(heap, memref.dealloc) read
  %c = bufferization.clone %m {memlint.tag = "clone"} : memref<16xf32> to memref<16xf32>
  // CHECK: cast: alias(operand memref<16xf32>, cast)
  %v = memref.cast %a {memlint.tag = "cast"} : memref<16xf32> to memref<?xf32>
  // CHECK: subview: alias(operand memref<16xf32>, interior)
  %sv = memref.subview %a[4] [8] [1] {memlint.tag = "subview"} : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  %base, %off, %size, %stride = memref.extract_strided_metadata %sv : memref<8xf32, strided<[1], offset: 4>> -> memref<f32>, index, index, index
  // CHECK: load: read
  %x = memref.load %a[%i] {memlint.tag = "load"} : memref<16xf32>
  // CHECK: store: write
  memref.store %x, %a[%i] {memlint.tag = "store"} : memref<16xf32>
  // CHECK: realloc: alloc(heap, memref.dealloc) free(memref.dealloc)
  %r = memref.realloc %c {memlint.tag = "realloc"} : memref<16xf32> to memref<32xf32>
  // CHECK: dealloc: free(memref.dealloc)
  memref.dealloc %a {memlint.tag = "dealloc"} : memref<16xf32>
  // CHECK: gpudealloc: free(gpu.dealloc)
  gpu.dealloc %g {memlint.tag = "gpudealloc"} : memref<16xf32>
  // CHECK: unknown: unknown-effects
  "foreign.op"(%m) {memlint.tag = "unknown"} : (memref<16xf32>) -> ()
  return
}
