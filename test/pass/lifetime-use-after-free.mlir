// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{checks=-*,lifetime-use-after-free})' --split-input-file --verify-diagnostics %s

// Read through a cast after the buffer was freed; the cast itself is no use.
func.func @through_cast() -> f32 {
  %c0 = arith.constant 0 : index
  // expected-note@+1 {{buffer allocated here}}
  %a = memref.alloc() : memref<16xf32>
  // expected-note@+1 {{buffer deallocated here}}
  memref.dealloc %a : memref<16xf32>
  %v = memref.cast %a : memref<16xf32> to memref<?xf32>
  // expected-error@+2 {{buffer '%alloc' is read after it was freed on every path (through alias '%cast') [lifetime-use-after-free]}}
  // expected-note@+1 {{buffer read after it was freed}}
  %x = memref.load %v[%c0] : memref<?xf32>
  return %x : f32
}

// -----

// memref.realloc frees its source: the old buffer is dead afterwards.
func.func @realloc(%f: f32) -> memref<32xf32> {
  %c0 = arith.constant 0 : index
  // expected-note@+1 {{buffer allocated here}}
  %a = memref.alloc() : memref<16xf32>
  // expected-note@+1 {{buffer deallocated here}}
  %b = memref.realloc %a : memref<16xf32> to memref<32xf32>
  // expected-error@+2 {{buffer '%alloc' is written after it was freed on every path [lifetime-use-after-free]}}
  // expected-note@+1 {{buffer written after it was freed}}
  memref.store %f, %a[%c0] : memref<16xf32>
  return %b : memref<32xf32>
}

// -----

// Returned after free, on one branch.
func.func @returned(%c: i1) -> memref<16xf32> {
  // expected-note@+1 {{buffer allocated here}}
  %a = memref.alloc() : memref<16xf32>
  // expected-note@+1 {{taking the true branch}}
  scf.if %c {
    // expected-note@+1 {{buffer deallocated here}}
    memref.dealloc %a : memref<16xf32>
  }
  // expected-error@+2 {{buffer '%alloc' is returned after it was freed on some path [lifetime-use-after-free]}}
  // expected-note@+1 {{buffer returned after it was freed}}
  return %a : memref<16xf32>
}

// -----

// no-warning: the use happens before the free on every path.
func.func @ok(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %s = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %x = memref.load %s[%c0] : memref<8xf32, strided<[1]>>
  memref.dealloc %a : memref<16xf32>
  return %x : f32
}
