// The result of a broken loop-invariant hoisting: the memref.alloc of the
// per-row scratch buffer was hoisted out of the scf.for, but its
// memref.dealloc was left inside the loop body. With a trip count %n that
// may be 0, 1 or many:
//   - 0 iterations: the buffer is never freed (leak);
//   - 1 iteration: correct;
//   - 2+ iterations: the 2nd iteration uses the buffer freed by the 1st
//     (use after free at the call) and frees it again (double free).
//
// RUN: cd %S && not mlir-memlint %{s:basename} 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Expected (the CHECK lines at the end), each on some path: the leak of
// '%buf' when the loop runs 0 times; from the 2nd iteration on, the use after
// free at the call (49:5) and at the accesses of the callee through '%tmp'
// (31:5, 34:10), and the double free at 51:5, with witnesses through the 1st
// iteration's call and dealloc. Findings are sorted by position: those in the
// callee come first. --show-fixes moves the dealloc after the loop, which
// fixes all of them.
//

// Squares row %row of %in into %tmp and adds %tmp into %acc. Called with a freed
// %tmp, it writes and reads freed memory (31:5, 34:10; the call is at 49:5).
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

// The findings, in the order the tool prints them (snippet lines between them).
// CHECK: hoisted_alloc_double_free.mlir:31:5: error: buffer '%buf' is written after it was freed on some path (through alias '%tmp') [lifetime-use-after-free]
// CHECK: hoisted_alloc_double_free.mlir:46:10: note: buffer allocated here
// CHECK: hoisted_alloc_double_free.mlir:47:3: note: entering the loop body (iteration 1)
// CHECK: hoisted_alloc_double_free.mlir:51:5: note: buffer deallocated here
// CHECK: hoisted_alloc_double_free.mlir:47:3: note: entering the loop body (iteration 2)
// CHECK: hoisted_alloc_double_free.mlir:49:5: note: calling '@square_add_row'
// CHECK: hoisted_alloc_double_free.mlir:28:3: note: entering the loop body (iteration 1)
// CHECK: hoisted_alloc_double_free.mlir:31:5: note: buffer written after it was freed
// CHECK: hoisted_alloc_double_free.mlir:51:5: note: caused by the free at 51:5, which also causes 3 other findings
// CHECK: hoisted_alloc_double_free.mlir:34:10: note: also caused by the free at 51:5: buffer '%buf' is read after it was freed
// CHECK: hoisted_alloc_double_free.mlir:49:5: note: also caused by the free at 51:5: buffer '%buf' is passed to a call after it was freed
// CHECK: hoisted_alloc_double_free.mlir:51:5: note: also caused by the free at 51:5: buffer '%buf' is freed twice
// CHECK: hoisted_alloc_double_free.mlir:34:10: error: buffer '%buf' is read after it was freed on some path (through alias '%tmp') [lifetime-use-after-free]
// CHECK: hoisted_alloc_double_free.mlir:46:10: note: buffer allocated here
// CHECK: hoisted_alloc_double_free.mlir:47:3: note: entering the loop body (iteration 1)
// CHECK: hoisted_alloc_double_free.mlir:51:5: note: buffer deallocated here
// CHECK: hoisted_alloc_double_free.mlir:47:3: note: entering the loop body (iteration 2)
// CHECK: hoisted_alloc_double_free.mlir:49:5: note: calling '@square_add_row'
// CHECK: hoisted_alloc_double_free.mlir:33:3: note: entering the loop body (iteration 1)
// CHECK: hoisted_alloc_double_free.mlir:34:10: note: buffer read after it was freed
// CHECK: hoisted_alloc_double_free.mlir:51:5: note: caused by the free at 51:5, which also causes 3 other findings
// CHECK: hoisted_alloc_double_free.mlir:31:5: note: also caused by the free at 51:5: buffer '%buf' is written after it was freed
// CHECK: hoisted_alloc_double_free.mlir:49:5: note: also caused by the free at 51:5: buffer '%buf' is passed to a call after it was freed
// CHECK: hoisted_alloc_double_free.mlir:51:5: note: also caused by the free at 51:5: buffer '%buf' is freed twice
// CHECK: hoisted_alloc_double_free.mlir:46:10: error: buffer '%buf' is leaked on some path [lifetime-leak]
// CHECK: hoisted_alloc_double_free.mlir:46:10: note: buffer allocated here
// CHECK: hoisted_alloc_double_free.mlir:47:3: note: skipping the loop (no iteration)
// CHECK: hoisted_alloc_double_free.mlir:53:3: note: buffer leaks at function exit
// CHECK: hoisted_alloc_double_free.mlir:49:5: error: buffer '%buf' is passed to a call after it was freed on some path [lifetime-use-after-free]
// CHECK: hoisted_alloc_double_free.mlir:46:10: note: buffer allocated here
// CHECK: hoisted_alloc_double_free.mlir:47:3: note: entering the loop body (iteration 1)
// CHECK: hoisted_alloc_double_free.mlir:51:5: note: buffer deallocated here
// CHECK: hoisted_alloc_double_free.mlir:47:3: note: entering the loop body (iteration 2)
// CHECK: hoisted_alloc_double_free.mlir:49:5: note: buffer passed to a call after it was freed
// CHECK: hoisted_alloc_double_free.mlir:51:5: note: caused by the free at 51:5, which also causes 3 other findings
// CHECK: hoisted_alloc_double_free.mlir:31:5: note: also caused by the free at 51:5: buffer '%buf' is written after it was freed
// CHECK: hoisted_alloc_double_free.mlir:34:10: note: also caused by the free at 51:5: buffer '%buf' is read after it was freed
// CHECK: hoisted_alloc_double_free.mlir:51:5: note: also caused by the free at 51:5: buffer '%buf' is freed twice
// CHECK: hoisted_alloc_double_free.mlir:51:5: error: buffer '%buf' is freed twice on some path [lifetime-double-free]
// CHECK: hoisted_alloc_double_free.mlir:46:10: note: buffer allocated here
// CHECK: hoisted_alloc_double_free.mlir:47:3: note: entering the loop body (iteration 1)
// CHECK: hoisted_alloc_double_free.mlir:51:5: note: buffer deallocated here
// CHECK: hoisted_alloc_double_free.mlir:47:3: note: entering the loop body (iteration 2)
// CHECK: hoisted_alloc_double_free.mlir:51:5: note: buffer freed again
// CHECK: hoisted_alloc_double_free.mlir:51:5: note: caused by the free at 51:5, which also causes 3 other findings
// CHECK: hoisted_alloc_double_free.mlir:31:5: note: also caused by the free at 51:5: buffer '%buf' is written after it was freed
// CHECK: hoisted_alloc_double_free.mlir:34:10: note: also caused by the free at 51:5: buffer '%buf' is read after it was freed
// CHECK: hoisted_alloc_double_free.mlir:49:5: note: also caused by the free at 51:5: buffer '%buf' is passed to a call after it was freed
// CHECK: mlir-memlint: 5 errors in 1 file
