// RUN: not mlir-memlint --split-input-file --base-dir %S --checks='-*,lifetime-invalid-free' %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

func.func @argument(%m: memref<16xf32>) {
  // CHECK: lifetime-invalid-free.mlir:[[@LINE+1]]:3: error: freeing function argument '%m', which the function does not own [lifetime-invalid-free]
  memref.dealloc %m : memref<16xf32>
  return
}

// -----

memref.global "private" constant @lut : memref<4xf32> = dense<0.0>
func.func @global() {
  %g = memref.get_global @lut : memref<4xf32>
  // CHECK: :[[@LINE+1]]:3: error: freeing '%g', a global from memref.get_global [lifetime-invalid-free]
  memref.dealloc %g : memref<4xf32>
  return
}

// -----

func.func @stack() {
  %s = memref.alloca() : memref<4xf32>
  // CHECK: :[[@LINE+1]]:3: error: freeing '%s', a stack buffer from memref.alloca [lifetime-invalid-free]
  memref.dealloc %s : memref<4xf32>
  return
}

// -----

func.func @interior() {
  %a = memref.alloc() : memref<16xf32>
  %v = memref.subview %a[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  // CHECK: :[[@LINE+1]]:3: error: freeing '%v', an interior view of buffer '%a'; free the buffer itself [lifetime-invalid-free]
  memref.dealloc %v : memref<8xf32, strided<[1], offset: 4>>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

func.func @mismatch() {
  %d = gpu.alloc () : memref<16xf32>
  // CHECK: :[[@LINE+1]]:3: error: buffer '%d' allocated by gpu.alloc is freed by memref.dealloc [lifetime-invalid-free]
  memref.dealloc %d : memref<16xf32>
  return
}

// -----

// no-warning: freeing the base buffer of a view is fine.
func.func @base(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  %v = memref.subview %a[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  %base, %off, %size, %stride = memref.extract_strided_metadata %v : memref<8xf32, strided<[1], offset: 4>> -> memref<f32>, index, index, index
  memref.dealloc %base : memref<f32>
  return
}
