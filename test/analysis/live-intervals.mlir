// RUN: memlint-opt -allow-unregistered-dialect -test-memlint-live-intervals %s -o /dev/null | FileCheck %s

// The live intervals the memory plan reads: program points are the ops in
// text order (pre-order through regions); a buffer is live from its
// allocation to the last use of any alias, deallocs excluded; "written" ends
// at the dealloc (or at the end of the function).

// CHECK-LABEL: function @straight_line
// CHECK-NEXT: points: 7
// CHECK-NEXT: buffer %alloc space 0 bytes 64 align 4 live [0, 2) written [0, 5)
// CHECK-NEXT: buffer %alloc_0 space 1 bytes 32 align 8 live [2, 4) written [2, 6)
func.func @straight_line(%i: index, %f: f32, %d: f64) {
  %a = memref.alloc() : memref<16xf32>
  %v = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %b = memref.alloc() : memref<4xf64, 1>
  memref.store %d, %b[%i] : memref<4xf64, 1>
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<4xf64, 1>
  return
}

// A buffer used inside a loop it was not allocated in is live over the whole
// loop; one allocated in the body lives within the iteration.
// CHECK-LABEL: function @loop
// CHECK-NEXT: points: 11
// CHECK-NEXT: buffer %alloc space 0 bytes 64 align 64 live [2, 9) written [2, 10)
// CHECK-NEXT: buffer %alloc_0 space 0 bytes 16 align 4 live [4, 6) written [4, 7)
func.func @loop(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<4xf32>
    memref.store %f, %t[%c0] : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
    memref.store %f, %a[%i] : memref<16xf32>
  }
  memref.dealloc %a : memref<16xf32>
  return
}

// Dynamic shapes and escaping buffers are not planned; a buffer never freed
// is live as written to the end of the function.
// CHECK-LABEL: function @unplanned
// CHECK-NEXT: points: 5
// CHECK-NEXT: buffer %alloc space 0 bytes ? align 4 live [0, 2) written [0, 3) unplanned: dynamic shape
// CHECK-NEXT: buffer %alloc_0 space 0 bytes 8 align 4 live [3, 5) written [3, 5) unplanned: escapes the function
func.func @unplanned(%n: index, %f: f32) -> memref<2xf32> {
  %a = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %a[%n] : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  %b = memref.alloc() : memref<2xf32>
  return %b : memref<2xf32>
}

// In a CFG, a buffer used in several blocks is live over the whole region.
// CHECK-LABEL: function @cfg
// CHECK-NEXT: points: 6
// CHECK-NEXT: buffer %alloc space 0 bytes 16 align 4 live [0, 6) written [0, 6)
func.func @cfg(%c: i1, %f: f32, %i: index) {
  %a = memref.alloc() : memref<4xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.store %f, %a[%i] : memref<4xf32>
  cf.br ^bb2
^bb2:
  memref.dealloc %a : memref<4xf32>
  return
}
