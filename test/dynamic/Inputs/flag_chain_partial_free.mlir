// A kernel that smooths the caller's buffer in a CFG loop: the header's
// argument %prev holds the caller's buffer on entry and the visit before's
// fresh buffer after; each visit of the header reads it and computes a
// fresh buffer from it. The back-edge replaces %prev by the fresh buffer
// without freeing it; the exit edge hands the last fresh buffer to ^exit,
// which adds it into the output and still reads %prev by dominance. ^exit
// frees each of the two in one branch of an scf.if on %c only: %prev when
// %c holds, its own argument otherwise. The header runs %n + 2 times: the
// buffers the back-edge replaces leak (all but the caller's), and so does
// the one of the two ^exit does not free, for each value of %c and each
// trip count. The fix-it (the ownership flags along a chain of blocks,
// with frees on some paths) frees %prev under its flag on the back-edge
// and each of the two under its flag in the branch of the scf.if that
// does not free it (freeing them under their flags after the scf.if would
// free one of them twice).
// EXPECT-VALGRIND: definitely-lost

func.func @smooth(%c: i1, %n: index, %in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  %start = arith.addi %n, %c1 : index
  cf.br ^loop(%start, %in : index, memref<16xf32>)
^loop(%i: index, %prev: memref<16xf32>):
  %more = arith.cmpi sgt, %i, %c0 : index
  %next = arith.subi %i, %c1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %prev[%j] : memref<16xf32>
    %w = arith.mulf %v, %half : f32
    memref.store %w, %a[%j] : memref<16xf32>
  }
  cf.cond_br %more, ^loop(%next, %a : index, memref<16xf32>), ^exit(%a : memref<16xf32>)
^exit(%last: memref<16xf32>):
  %x = memref.load %prev[%c0] : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %last[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  memref.store %x, %out[%c1] : memref<16xf32>
  scf.if %c {
    memref.dealloc %prev : memref<16xf32>
  } else {
    memref.dealloc %last : memref<16xf32>
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
  func.call @smooth(%true, %c0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%true, %c1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%true, %c3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%false, %c0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%false, %c1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%false, %c3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
