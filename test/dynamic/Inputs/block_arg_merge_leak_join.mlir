// A packing kernel in cf form: a dynamically sized or a fixed-size pack buffer
// is chosen and merged through a block argument. The buffer is released on
// the "flush" path only; when %flush is false it leaks, whichever buffer was
// chosen and whatever the loop trip count.
// Unlike ../block_arg_merge_leak.mlir, both paths end in the same ^exit
// block: the fix has to move the dealloc of ^flush to ^exit (or split the
// edge ^packing -> ^exit).
// EXPECT-VALGRIND: definitely-lost

func.func @pack(%in: memref<32xf32>, %out: memref<32xf32>, %n: index, %dynamic: i1, %flush: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  cf.cond_br %dynamic, ^dyn, ^fixed
^dyn:
  %d = memref.alloc(%c32) : memref<?xf32>
  cf.br ^packing(%d : memref<?xf32>)
^fixed:
  %s = memref.alloc() : memref<32xf32>
  %sc = memref.cast %s : memref<32xf32> to memref<?xf32>
  cf.br ^packing(%sc : memref<?xf32>)
^packing(%buf: memref<?xf32>):
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %in[%i] : memref<32xf32>
    memref.store %v, %buf[%i] : memref<?xf32>
  }
  cf.cond_br %flush, ^flush, ^exit
^flush:
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %buf[%i] : memref<?xf32>
    memref.store %v, %out[%i] : memref<32xf32>
  }
  memref.dealloc %buf : memref<?xf32>
  cf.br ^exit
^exit:
  // BUG: when %flush is false, %buf is never freed.
  return
}

// Calls @pack for every combination of %dynamic and %flush, with 0 and 5 elements.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %in = memref.alloc() : memref<32xf32>
  %out = memref.alloc() : memref<32xf32>
  scf.for %i = %c0 to %c32 step %c1 {
    memref.store %one, %in[%i] : memref<32xf32>
  }
  func.call @pack(%in, %out, %c0, %f, %f) : (memref<32xf32>, memref<32xf32>, index, i1, i1) -> ()
  func.call @pack(%in, %out, %c0, %f, %t) : (memref<32xf32>, memref<32xf32>, index, i1, i1) -> ()
  func.call @pack(%in, %out, %c0, %t, %f) : (memref<32xf32>, memref<32xf32>, index, i1, i1) -> ()
  func.call @pack(%in, %out, %c0, %t, %t) : (memref<32xf32>, memref<32xf32>, index, i1, i1) -> ()
  func.call @pack(%in, %out, %c5, %f, %f) : (memref<32xf32>, memref<32xf32>, index, i1, i1) -> ()
  func.call @pack(%in, %out, %c5, %f, %t) : (memref<32xf32>, memref<32xf32>, index, i1, i1) -> ()
  func.call @pack(%in, %out, %c5, %t, %f) : (memref<32xf32>, memref<32xf32>, index, i1, i1) -> ()
  func.call @pack(%in, %out, %c5, %t, %t) : (memref<32xf32>, memref<32xf32>, index, i1, i1) -> ()
  memref.dealloc %in : memref<32xf32>
  memref.dealloc %out : memref<32xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
