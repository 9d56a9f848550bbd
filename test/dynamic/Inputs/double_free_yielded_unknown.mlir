// The kernel of double_free_yielded.mlir, with @main making its true and
// false by comparing floats, which the analysis does not fold: the kernel is
// analysed with %keep unknown, so its findings are on some path, not on
// every path as with constants. The same fix-it frees, after the select,
// the one it does not pass on.
// EXPECT-VALGRIND: invalid-read invalid-free definitely-lost

func.func @refine(%keep: i1, %n: index, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    memref.store %one, %init[%j] : memref<16xf32>
  }
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%held = %init) -> (memref<16xf32>) {
    %new = memref.alloc() : memref<16xf32>
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %held[%j] : memref<16xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %new[%j] : memref<16xf32>
    }
    memref.dealloc %new : memref<16xf32>
    %next = arith.select %keep, %held, %new : memref<16xf32>
    scf.yield %next : memref<16xf32>
  }
  %x = memref.load %r[%c0] : memref<16xf32>
  memref.store %x, %out[%c0] : memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  // true and false, as comparisons the analysis does not fold
  %zero = arith.constant 0.0 : f32
  %pos = arith.constant 1.0 : f32
  %neg = arith.constant -1.0 : f32
  %t = arith.cmpf ogt, %pos, %zero : f32
  %f = arith.cmpf ogt, %neg, %zero : f32
  %out = memref.alloc() : memref<16xf32>
  func.call @refine(%t, %c0, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%t, %c1, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%t, %c2, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%t, %c3, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%f, %c0, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%f, %c1, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%f, %c2, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @refine(%f, %c3, %out) : (i1, index, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
