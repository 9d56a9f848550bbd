// RUN: not mlir-memlint --split-input-file --base-dir %S --checks='-*,lifetime-use-after-free' %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:

// Read through a cast after the buffer was freed; the cast itself is no use.
func.func @through_cast() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %v = memref.cast %a : memref<16xf32> to memref<?xf32>
  // CHECK: lifetime-use-after-free.mlir:[[@LINE+2]]:8: error: buffer '%a' is read after it was freed on every path (through alias '%v') [lifetime-use-after-free]
  // CHECK: :[[@LINE-3]]:3: note: buffer deallocated here
  %x = memref.load %v[%c0] : memref<?xf32>
  return %x : f32
}

// -----

// memref.realloc frees its source: the old buffer is dead afterwards.
func.func @realloc(%f: f32) -> memref<32xf32> {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.realloc %a : memref<16xf32> to memref<32xf32>
  // CHECK: :[[@LINE+1]]:3: error: buffer '%a' is written after it was freed on every path [lifetime-use-after-free]
  memref.store %f, %a[%c0] : memref<16xf32>
  return %b : memref<32xf32>
}

// -----

// Returned after free, on one branch.
func.func @returned(%c: i1) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  scf.if %c {
    memref.dealloc %a : memref<16xf32>
  }
  // CHECK: :[[@LINE+1]]:3: error: buffer '%a' is returned after it was freed on some path [lifetime-use-after-free]
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
