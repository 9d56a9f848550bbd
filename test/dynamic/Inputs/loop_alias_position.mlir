// A kernel that iterates a state %n times in an scf.for with two
// iter_args, both started from one buffer: the first is replaced by a
// fresh buffer computed from the state and the second (the base, passed on
// unchanged) every iteration. The result of the first position is freed
// only where %c says so; the base, and each state the next iteration
// replaces, never. The fix-it frees that result in the other branch too
// (through %r, not %other: what the second position holds is the init
// value, not the first's), the replaced states under an ownership flag
// carried through the loop, and the base under that flag (with no
// iteration, %r is the base).
// EXPECT-VALGRIND: definitely-lost

func.func @iterate(%c: i1, %n: index, %in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %init = memref.alloc() : memref<16xf32>
  memref.copy %in, %init : memref<16xf32> to memref<16xf32>
  %r, %other = scf.for %i = %c0 to %n step %c1 iter_args(%it = %init, %keep = %init) -> (memref<16xf32>, memref<16xf32>) {
    %new = memref.alloc() : memref<16xf32>
    scf.for %j = %c0 to %c16 step %c1 {
      %x = memref.load %it[%j] : memref<16xf32>
      %y = memref.load %keep[%j] : memref<16xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %new[%j] : memref<16xf32>
    }
    scf.yield %new, %keep : memref<16xf32>, memref<16xf32>
  }
  %v = memref.load %r[%c0] : memref<16xf32>
  %w = memref.load %other[%c1] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  memref.store %w, %out[%c1] : memref<16xf32>
  scf.if %c {
    memref.dealloc %r : memref<16xf32>
  }
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %in = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    memref.store %one, %in[%j] : memref<16xf32>
  }
  %out = memref.alloc() : memref<16xf32>
  func.call @iterate(%true, %c0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @iterate(%true, %c1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @iterate(%true, %c2, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @iterate(%true, %c3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @iterate(%false, %c0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @iterate(%false, %c1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @iterate(%false, %c2, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @iterate(%false, %c3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
