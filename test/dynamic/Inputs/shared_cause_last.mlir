// A kernel that iterates a damping step %n times in an scf.for over a
// private copy of the caller's buffer: each iteration computes the next
// state from the carried one into a fresh buffer, adds it to the caller's
// output, releases the carried state (under a build-time %release flag,
// always true) and yields the fresh one. But the body also frees the fresh
// buffer it then yields, so from the second iteration on the carried state
// is read and freed again, and the free of the loop's result after the loop
// frees the last one again. One free causes two double frees (the next
// iteration's free of the iter_arg and the free of the result): the
// deletion of the body's free of the fresh buffer fixes both. The finding
// that ranks it highest (the free of the result) keeps the deletion of its
// own free, which fixes that finding alone; the other finding keeps the
// shared fix-it last, and the validation tries it since no finding of the
// cause holds it. main runs 1 to 3 steps: on a run of no step the free of
// the result is the only free of the copy, so the deletion of that free is
// no fix there, and the free of the result then takes the shared fix-it as
// its own (another path of the tool, not the one this program is for).
// EXPECT-VALGRIND: invalid-read invalid-free

func.func @damp(%n: index, %in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  %release = arith.constant true
  %init = memref.alloc() : memref<16xf32>
  memref.copy %in, %init : memref<16xf32> to memref<16xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%held = %init) -> (memref<16xf32>) {
    %new = memref.alloc() : memref<16xf32>
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %held[%j] : memref<16xf32>
      %w = arith.mulf %v, %half : f32
      memref.store %w, %new[%j] : memref<16xf32>
      %o = memref.load %out[%j] : memref<16xf32>
      %s = arith.addf %o, %w : f32
      memref.store %s, %out[%j] : memref<16xf32>
    }
    memref.dealloc %new : memref<16xf32>
    scf.if %release {
      memref.dealloc %held : memref<16xf32>
    }
    scf.yield %new : memref<16xf32>
  }
  memref.dealloc %r : memref<16xf32>
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
  func.call @damp(%c1, %in, %out) : (index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @damp(%c2, %in, %out) : (index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @damp(%c3, %in, %out) : (index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
