// The result of a broken loop-invariant hoisting: the memref.alloc of the
// per-row scratch buffer was hoisted out of the scf.for, but its
// memref.dealloc was left inside the loop body. With a trip count %n that
// may be 0, 1 or many:
//   - 0 iterations: the buffer is never freed (leak);
//   - 1 iteration: correct;
//   - 2+ iterations: the 2nd iteration uses the buffer freed by the 1st
//     (use after free at the call) and frees it again (double free).
//
// Expected findings:
//   hoisted_alloc_double_free.mlir:46:10: error: buffer '%buf' is leaked on some path [lifetime-leak]
//     notes: buffer allocated here (46:10); skipping the loop body (47:3);
//     buffer leaks at function exit (53:3)
//   hoisted_alloc_double_free.mlir:49:5: error: buffer '%buf' is used after it is deallocated on some path [lifetime-use-after-free]
//     notes: buffer allocated here (46:10); entering the loop body (47:3);
//     buffer deallocated here (51:5); taking the loop back-edge (47:3)
//   hoisted_alloc_double_free.mlir:51:5: error: buffer '%buf' is deallocated twice on some path [lifetime-double-free]
//     notes: buffer allocated here (46:10); entering the loop body (47:3);
//     buffer deallocated here (51:5); taking the loop back-edge (47:3)

// Squares row %row of %in into %tmp and adds %tmp into %acc. Called with a freed
// %tmp, the use after free is reported at the call (49:5), not in here.
func.func @square_add_row(%in: memref<?x4096xf32>, %row: index,
                          %tmp: memref<4096xf32>, %acc: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  scf.for %j = %c0 to %c4096 step %c1 {
    %v = memref.load %in[%row, %j] : memref<?x4096xf32>
    %sq = arith.mulf %v, %v : f32
    memref.store %sq, %tmp[%j] : memref<4096xf32>
  }
  scf.for %j = %c0 to %c4096 step %c1 {
    %t = memref.load %tmp[%j] : memref<4096xf32>
    %a = memref.load %acc[%j] : memref<4096xf32>
    %s = arith.addf %a, %t : f32
    memref.store %s, %acc[%j] : memref<4096xf32>
  }
  return
}

func.func @sum_of_squares(%in: memref<?x4096xf32>, %acc: memref<4096xf32>,
                          %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() : memref<4096xf32>
  scf.for %i = %c0 to %n step %c1 {
    // The dealloc below belonged to an alloc that used to be here.
    func.call @square_add_row(%in, %i, %buf, %acc)
        : (memref<?x4096xf32>, index, memref<4096xf32>, memref<4096xf32>) -> ()
    memref.dealloc %buf : memref<4096xf32>
  }
  return
}
