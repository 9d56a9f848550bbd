// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{checks=-*,lifetime-invalid-free})' --split-input-file --verify-diagnostics %s

func.func @argument(%m: memref<16xf32>) {
  // expected-error@+1 {{freeing function argument '%arg0', which the function does not own [lifetime-invalid-free]}}
  memref.dealloc %m : memref<16xf32>
  return
}

// -----

memref.global "private" constant @lut : memref<4xf32> = dense<0.0>
func.func @global() {
  // expected-note@+1 {{global taken here}}
  %g = memref.get_global @lut : memref<4xf32>
  // expected-error@+1 {{freeing '%0', a global from memref.get_global [lifetime-invalid-free]}}
  memref.dealloc %g : memref<4xf32>
  return
}

// -----

func.func @stack() {
  // expected-note@+1 {{stack buffer allocated here}}
  %s = memref.alloca() : memref<4xf32>
  // expected-error@+1 {{freeing '%alloca', a stack buffer from memref.alloca [lifetime-invalid-free]}}
  memref.dealloc %s : memref<4xf32>
  return
}

// -----

func.func @interior() {
  // expected-note@+1 {{buffer allocated here}}
  %a = memref.alloc() : memref<16xf32>
  %v = memref.subview %a[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  // expected-error@+1 {{freeing '%subview', an interior view of buffer '%alloc'; free the buffer itself [lifetime-invalid-free]}}
  memref.dealloc %v : memref<8xf32, strided<[1], offset: 4>>
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

func.func @mismatch() {
  // expected-note@+1 {{buffer allocated here}}
  %d = gpu.alloc () : memref<16xf32>
  // expected-error@+1 {{buffer '%memref' allocated by gpu.alloc is freed by memref.dealloc [lifetime-invalid-free]}}
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
