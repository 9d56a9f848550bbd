// A kernel with a CFG loop whose back-edge rotates its buffers through two
// arguments of the header: each visit of the header makes a fresh buffer
// from %last, and the back-edge hands %last on as %prev and the fresh
// buffer as %last; both start as the caller's buffer. The exit edge hands
// %last to ^exit and drops the visit's fresh buffer; ^exit still reads the
// header's %prev by dominance and hands on, on %c, either its argument or
// %prev to ^done, which adds it into the output. Nothing is freed: every
// fresh buffer leaks, for each value of %c and each trip count. The fix-it
// (the ownership flags along the chain of blocks, following the names that
// outlive their blocks) gives the header's arguments, ^exit's and ^done's
// ownership flags: %prev is freed under its flag on the back-edge, which
// replaces it, and on the edge after the loop that drops it; ^exit's
// argument on the edge that drops it; the fresh buffer on the exit edge;
// and ^done's argument at its end.
// EXPECT-VALGRIND: definitely-lost

func.func @rotate(%n: index, %c: i1, %in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  cf.br ^loop(%n, %in, %in : index, memref<16xf32>, memref<16xf32>)
^loop(%i: index, %prev: memref<16xf32>, %last: memref<16xf32>):
  %more = arith.cmpi sgt, %i, %c0 : index
  %next = arith.subi %i, %c1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %last[%j] : memref<16xf32>
    %w = arith.mulf %v, %half : f32
    memref.store %w, %a[%j] : memref<16xf32>
  }
  cf.cond_br %more, ^loop(%next, %last, %a : index, memref<16xf32>, memref<16xf32>), ^exit(%last : memref<16xf32>)
^exit(%e: memref<16xf32>):
  cf.cond_br %c, ^done(%e : memref<16xf32>), ^done(%prev : memref<16xf32>)
^done(%d: memref<16xf32>):
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %d[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  func.call @rotate(%c0, %true, %in, %out) : (index, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @rotate(%c1, %true, %in, %out) : (index, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @rotate(%c3, %true, %in, %out) : (index, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @rotate(%c0, %false, %in, %out) : (index, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @rotate(%c1, %false, %in, %out) : (index, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @rotate(%c3, %false, %in, %out) : (index, i1, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
