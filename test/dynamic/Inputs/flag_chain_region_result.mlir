// A kernel with a CFG loop that counts %n down to 0 while %c0 holds (where
// it does not, the header leaves at once with the caller's %arg). Each
// iteration's scf.execute_region yields a fresh buffer filled from the
// header's argument %p (its other block, which no edge enters, yields
// something else and never runs), and the back-edge hands that result on
// as the next %p; the exit edge drops the result and hands on %p, the
// iteration before's buffer (the caller's at the first), which the exit
// block reads into the output. Every fresh buffer leaks, for %c0 true and
// each trip count. The buffer is allocated inside the region, where no
// block argument holds it; the fix-it (ownership flags along a chain of
// blocks) builds the chain from the region op's result, in the function's
// body: the header and the exit block get a flag for their argument, the
// back-edge frees %p under its flag and hands %r on with a true flag, the
// exit edges free %r (from the loop) or %p under its flag (from the
// header), and the exit block frees its argument under its flag.
// EXPECT-VALGRIND: definitely-lost

func.func @f(%c0: i1, %n: index, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  cf.br ^bb1(%n, %arg : index, memref<16xf32>)
^bb1(%fuel: index, %p: memref<16xf32>):
  cf.cond_br %c0, ^bb2(%fuel : index), ^bb3(%arg : memref<16xf32>)
^bb2(%f2: index):
  %r = scf.execute_region -> (memref<16xf32>) {
    cf.br ^bb5
  ^bb4(%u: memref<16xf32>):
    scf.yield %u : memref<16xf32>
  ^bb5:
    %a = memref.alloc() : memref<16xf32>
    scf.for %j = %i0 to %i16 step %i1 {
      %v = memref.load %p[%j] : memref<16xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %a[%j] : memref<16xf32>
    }
    scf.yield %a : memref<16xf32>
  }
  %more = arith.cmpi sgt, %f2, %i0 : index
  %next = arith.subi %f2, %i1 : index
  cf.cond_br %more, ^bb1(%next, %r : index, memref<16xf32>), ^bb3(%p : memref<16xf32>)
^bb3(%q: memref<16xf32>):
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %q[%j] : memref<16xf32>
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
  func.call @f(%true, %i0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %i1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %i3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %i0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %i1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %i3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
