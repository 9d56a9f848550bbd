// A kernel with a CFG loop that counts %n down to 0: its header argument
// %prev holds the caller's buffer on entry and the iteration before's
// buffer after; the header selects between it and the caller's %arg on %c,
// makes a fresh copy of %prev, and hands it to the next iteration, or
// drops it on the exit edge; the block after the loop writes through the
// select into the output. Every buffer leaks, for each value of %c and
// each trip count. No edge hands %prev on by name, but the select does, and
// the exit edge keeps it alive: the fix-it (ownership flags along a chain
// of blocks) frees %prev under its flag on the back-edge, which replaces
// it, and after the exit block's last use of the select; the next round
// frees the last iteration's buffer, which the exit edge drops.
// EXPECT-VALGRIND: definitely-lost

func.func @forwarded(%c: i1, %n: index, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  cf.br ^loop(%n, %arg : index, memref<16xf32>)
^loop(%i: index, %prev: memref<16xf32>):
  %sel = arith.select %c, %arg, %prev : memref<16xf32>
  %more = arith.cmpi sgt, %i, %c0 : index
  %next = arith.subi %i, %c1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %prev[%j] : memref<16xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%j] : memref<16xf32>
  }
  cf.cond_br %more, ^loop(%next, %a : index, memref<16xf32>), ^exit
^exit:
  %x = memref.load %sel[%c1] : memref<16xf32>
  %y = arith.addf %x, %one : f32
  memref.store %y, %sel[%c0] : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %sel[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  return
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %i16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  func.call @forwarded(%true, %i0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @forwarded(%true, %i1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @forwarded(%true, %i3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @forwarded(%false, %i0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @forwarded(%false, %i1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @forwarded(%false, %i3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
