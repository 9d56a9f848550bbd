// A kernel with a CFG loop that counts %n down to 0; its header allocates a
// fresh buffer filled from its argument %p and hands it on as the next %p,
// or to the exit block, which reads it into the output (where %c2 holds
// the loop is skipped and the exit block reads the caller's buffer). The
// back-edge hands %p on in part: it passes %r, an scf.if result that is %p
// when %c3 holds and a select of %p and the caller's %arg on %c5
// otherwise, as %q, which the next iteration rotates into %o, which nobody
// reads. Every buffer leaks, for each assignment of the conditions and each
// trip count. The fix-it (ownership flags along a chain of blocks, an edge
// that hands an argument on in part) passes with %r a select of the flags
// of what it may hold, on the same conditions, frees the argument on that
// edge only where %r does not hold it, and under its own flag on the edges
// that drop it.
// EXPECT-VALGRIND: definitely-lost

func.func @f(%c2: i1, %c3: i1, %c5: i1, %n: index, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  cf.cond_br %c2, ^exit(%arg : memref<16xf32>), ^loop(%n, %arg, %arg, %arg : index, memref<16xf32>, memref<16xf32>, memref<16xf32>)
^loop(%fuel: index, %o: memref<16xf32>, %p: memref<16xf32>, %q: memref<16xf32>):
  %sel = arith.select %c5, %p, %arg : memref<16xf32>
  %r = scf.if %c3 -> (memref<16xf32>) {
    scf.yield %p : memref<16xf32>
  } else {
    scf.yield %sel : memref<16xf32>
  }
  %more = arith.cmpi sgt, %fuel, %i0 : index
  %next = arith.subi %fuel, %i1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %p[%j] : memref<16xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %a[%j] : memref<16xf32>
  }
  cf.cond_br %more, ^loop(%next, %q, %a, %r : index, memref<16xf32>, memref<16xf32>, memref<16xf32>), ^exit(%a : memref<16xf32>)
^exit(%e: memref<16xf32>):
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %e[%j] : memref<16xf32>
    %o2 = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o2 : f32
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
  func.call @f(%true, %true, %true, %i0, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %true, %true, %i1, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %true, %true, %i3, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %true, %false, %i0, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %true, %false, %i1, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %true, %false, %i3, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %false, %true, %i0, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %false, %true, %i1, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %false, %true, %i3, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %false, %false, %i0, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %false, %false, %i1, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %false, %false, %i3, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %true, %true, %i0, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %true, %true, %i1, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %true, %true, %i3, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %true, %false, %i0, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %true, %false, %i1, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %true, %false, %i3, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %false, %true, %i0, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %false, %true, %i1, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %false, %true, %i3, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %false, %false, %i0, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %false, %false, %i1, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %false, %false, %i3, %in, %out) : (i1, i1, i1, index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
