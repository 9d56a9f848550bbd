// RUN: memlint-opt -allow-unregistered-dialect -test-memlint-alias-classes %s -o /dev/null | FileCheck %s

// The may-alias classes the perf-* checks read: views, casts, selects, block
// arguments and region-branch values join a class; each use is classified.

// CHECK-LABEL: function @views_and_select
// CHECK-NEXT: class: %alloc %alloc_0 %subview %cast %0 | roots: %alloc %alloc_0 | uses: memref.subview=alias memref.cast=alias arith.select=alias arith.select=alias memref.load=access memref.dim=metadata memref.dealloc=free
func.func @views_and_select(%c: i1, %i: index) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %v = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %w = memref.cast %b : memref<16xf32> to memref<?xf32>
  %s = arith.select %c, %a, %b : memref<16xf32>
  %x = memref.load %v[%i] : memref<8xf32, strided<[1]>>
  %d = memref.dim %s, %i : memref<16xf32>
  memref.dealloc %s : memref<16xf32>
  return
}

// CHECK-LABEL: function @regions
// CHECK-NEXT: class: %arg1 %alloc %0 | roots: %alloc foreign | uses: scf.yield=alias scf.yield=alias func.return=escape
// CHECK-NEXT: class: %alloc_0 %1 %arg5 | roots: %alloc_0 | uses: scf.for=alias memref.store=access scf.yield=alias memref.dealloc=free
func.func @regions(%c: i1, %arg: memref<16xf32>, %n: index, %f: f32) -> memref<16xf32> {
  %e = memref.alloc() : memref<16xf32>
  %r = scf.if %c -> memref<16xf32> {
    scf.yield %e : memref<16xf32>
  } else {
    scf.yield %arg : memref<16xf32>
  }
  %t = memref.alloc() : memref<16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %k = %c0 to %n step %c1 iter_args(%it = %t) -> memref<16xf32> {
    memref.store %f, %it[%k] : memref<16xf32>
    scf.yield %it : memref<16xf32>
  }
  memref.dealloc %l : memref<16xf32>
  return %r : memref<16xf32>
}

// CHECK-LABEL: function @escapes
// CHECK-NEXT: class: %arg0 | roots: foreign | uses: memref.store=access
// CHECK-NEXT: class: %alloc %0 | roots: %alloc | uses: func.call=escape test.keep=escape memref.store=escape memref.extract_aligned_pointer_as_index=escape cf.br=alias bufferization.dealloc=escape
func.func private @g(memref<16xf32>)
func.func @escapes(%box: memref<memref<16xf32>>) {
  %true = arith.constant true
  %u = memref.alloc() : memref<16xf32>
  call @g(%u) : (memref<16xf32>) -> ()
  "test.keep"(%u) : (memref<16xf32>) -> ()
  memref.store %u, %box[] : memref<memref<16xf32>>
  %p = memref.extract_aligned_pointer_as_index %u : memref<16xf32> -> index
  cf.br ^bb1(%u : memref<16xf32>)
^bb1(%w: memref<16xf32>):
  bufferization.dealloc (%w : memref<16xf32>) if (%true)
  return
}
