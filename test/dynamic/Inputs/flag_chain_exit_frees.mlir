// A kernel that smooths the caller's buffer in a CFG loop: the header's
// argument holds the caller's buffer on entry and the iteration before's
// result after; each visit of the header computes a fresh buffer from it.
// The back-edge replaces the argument by the fresh buffer without freeing
// the one it held, and the exit edge hands the argument to ^exit, which
// reads it into the output and frees it, and drops the visit's own fresh
// buffer. The header runs %n + 2 times (%n + 1 back-edges): every buffer
// the back-edge replaces but the caller's leaks, and so does the last fresh
// one. The fix-it gives the header's argument an ownership flag, false from
// the entry and true on the back-edge, and frees the argument under it on
// the back-edge; ^exit frees its argument already, so it gets no flag and
// no second free. The next round frees the last fresh buffer in ^exit.
// EXPECT-VALGRIND: definitely-lost

func.func @smooth(%n: index, %in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  %start = arith.addi %n, %c1 : index
  cf.br ^loop(%start, %in : index, memref<16xf32>)
^loop(%i: index, %prev: memref<16xf32>):
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %prev[%j] : memref<16xf32>
    %w = arith.mulf %v, %half : f32
    memref.store %w, %a[%j] : memref<16xf32>
  }
  %more = arith.cmpi sgt, %i, %c0 : index
  %next = arith.subi %i, %c1 : index
  cf.cond_br %more, ^loop(%next, %a : index, memref<16xf32>), ^exit(%prev : memref<16xf32>)
^exit(%last: memref<16xf32>):
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %last[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  memref.dealloc %last : memref<16xf32>
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  func.call @smooth(%c0, %in, %out) : (index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%c1, %in, %out) : (index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%c2, %in, %out) : (index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%c3, %in, %out) : (index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
