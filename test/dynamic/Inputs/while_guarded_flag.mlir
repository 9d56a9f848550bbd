// A kernel that smooths a buffer a number of times in an scf.while: each
// `before` region allocates the next state from the current one, and the
// `after` region carries it on only when %keep says so (an arith.select
// with the caller's buffer, which the loop does not own). Nothing is ever
// freed: a state the `after` region drops, a carried state the next
// `before` region replaces, and the last state the loop returns all leak.
// The fix-it carries an ownership flag through the loop.
// EXPECT-VALGRIND: definitely-lost

func.func @smooth(%keep: i1, %n: index, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  %i, %last = scf.while (%k = %c0, %cur = %arg) : (index, memref<16xf32>) -> (index, memref<16xf32>) {
    %more = arith.cmpi slt, %k, %n : index
    %new = memref.alloc() : memref<16xf32>
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %cur[%j] : memref<16xf32>
      %w = arith.mulf %v, %half : f32
      memref.store %w, %new[%j] : memref<16xf32>
    }
    scf.condition(%more) %k, %new : index, memref<16xf32>
  } do {
  ^bb0(%k2: index, %got: memref<16xf32>):
    %sel = arith.select %keep, %got, %arg : memref<16xf32>
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3, %sel : index, memref<16xf32>
  }
  %v = memref.load %last[%c0] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
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
  %buf = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    memref.store %one, %buf[%j] : memref<16xf32>
  }
  %out = memref.alloc() : memref<16xf32>
  func.call @smooth(%true, %c0, %buf, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%true, %c1, %buf, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%true, %c3, %buf, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%false, %c0, %buf, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%false, %c1, %buf, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @smooth(%false, %c3, %buf, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %buf : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
