// A kernel that, where %c holds, runs a CFG loop over a scratch buffer %b:
// the header's arguments %p and %q start as %b and the caller's buffer;
// each visit of the header writes into %p and makes a fresh buffer from
// it, and the back-edge rotates them: the fresh buffer becomes %p and %p
// becomes %q, which nobody reads. A block no edge enters (^dead) also
// branches to the header. ^exit frees %b. Every fresh buffer leaks: the
// ones the back-edge drops as %q (from the second back-edge on), the last
// %p and the last visit's own buffer, for each trip count (none where %c is
// false). A first fix-it frees the last visit's own buffer on the exit
// edge; the next one (the ownership flags along a chain of blocks) gives
// the header's arguments ownership flags, false from the entry edge and
// from ^dead, which never runs: %q is freed under its flag at the top of
// the header, %p under its flag on the exit edge. (Before, ^dead's edge
// made the chain be refused, and the other candidates freed the buffer
// before the back-edge that hands it on.)
// EXPECT-VALGRIND: definitely-lost

func.func @rotate(%c: i1, %n: index, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  %b = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %arg[%j] : memref<16xf32>
    memref.store %v, %b[%j] : memref<16xf32>
  }
  cf.cond_br %c, ^loop(%n, %b, %arg : index, memref<16xf32>, memref<16xf32>), ^exit
^dead(%m: index, %d: memref<16xf32>):
  cf.br ^loop(%m, %d, %d : index, memref<16xf32>, memref<16xf32>)
^loop(%fuel: index, %p: memref<16xf32>, %q: memref<16xf32>):
  %x = memref.load %p[%i0] : memref<16xf32>
  %o = memref.load %out[%i0] : memref<16xf32>
  %y = arith.addf %x, %o : f32
  memref.store %y, %p[%i0] : memref<16xf32>
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %p[%j] : memref<16xf32>
    %w = arith.mulf %v, %half : f32
    memref.store %w, %a[%j] : memref<16xf32>
  }
  %more = arith.cmpi sgt, %fuel, %i0 : index
  %next = arith.subi %fuel, %i1 : index
  cf.cond_br %more, ^loop(%next, %a, %p : index, memref<16xf32>, memref<16xf32>), ^exit
^exit:
  memref.dealloc %b : memref<16xf32>
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
  func.call @rotate(%true, %i0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @rotate(%true, %i1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @rotate(%true, %i3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @rotate(%false, %i0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @rotate(%false, %i1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @rotate(%false, %i3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
