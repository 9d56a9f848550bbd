// A leak in an unstructured loop (cf.cond_br back-edge), as left by lowering
// scf to cf by hand: every iteration allocates a fresh %tmp and none frees it.
// The loop body runs at least once, so the leak happens on every path.
// @accumulate_blocks_fixed frees %tmp before the back-edge and is clean.
//
// Expected findings:
//   cf_loop_leak.mlir:24:10: error: buffer '%tmp' is leaked on all paths [lifetime-leak]
//   cf_loop_leak.mlir:24:10: note: buffer allocated here
//   cf_loop_leak.mlir:35:3: note: taking the false branch
//   cf_loop_leak.mlir:37:3: note: buffer leaks at function exit
// (Another valid witness takes the true branch at 35:3, and the buffer leaks
// at the end of the loop iteration.)
// No lifetime-* finding in @accumulate_blocks_fixed (perf-loop-invariant-alloc
// may suggest hoisting its alloc; that is a separate, optional warning).

// Adds rows 0 .. %n-1 of %in into %acc, one row per iteration (%n >= 1).
func.func @accumulate_blocks(%in: memref<?x64xf32>, %acc: memref<64xf32>,
                             %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  cf.br ^body(%c0 : index)
^body(%i: index):
  %tmp = memref.alloc() : memref<64xf32>
  scf.for %j = %c0 to %c64 step %c1 {
    %v = memref.load %in[%i, %j] : memref<?x64xf32>
    %a = memref.load %acc[%j] : memref<64xf32>
    %s = arith.addf %a, %v : f32
    memref.store %s, %tmp[%j] : memref<64xf32>
  }
  memref.copy %tmp, %acc : memref<64xf32> to memref<64xf32>
  // BUG: no memref.dealloc %tmp before the back-edge.
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^body(%next : index), ^exit
^exit:
  return
}

func.func @accumulate_blocks_fixed(%in: memref<?x64xf32>, %acc: memref<64xf32>,
                                   %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  cf.br ^body(%c0 : index)
^body(%i: index):
  %tmp = memref.alloc() : memref<64xf32>
  scf.for %j = %c0 to %c64 step %c1 {
    %v = memref.load %in[%i, %j] : memref<?x64xf32>
    %a = memref.load %acc[%j] : memref<64xf32>
    %s = arith.addf %a, %v : f32
    memref.store %s, %tmp[%j] : memref<64xf32>
  }
  memref.copy %tmp, %acc : memref<64xf32> to memref<64xf32>
  memref.dealloc %tmp : memref<64xf32>
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^body(%next : index), ^exit
^exit:
  return
}
