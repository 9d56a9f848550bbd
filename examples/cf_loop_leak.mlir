// A leak in an unstructured loop (cf.cond_br back-edge), as left by lowering
// scf to cf by hand: every iteration allocates a fresh %tmp and none frees it.
// The loop body runs at least once, so the leak happens on every path.
// @accumulate_blocks_fixed frees %tmp before the back-edge and is clean.
//
// RUN: cd %S && not mlir-memlint %{s:basename} 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Expected (the CHECK lines at the end): the leak of %tmp in
// @accumulate_blocks, on every path; its witness takes the back-edge, which
// loses the last reference to the buffer (the next iteration allocates a new
// one; the other witness would leave the loop and leak at the return).
// --show-fixes proposes a dealloc after the last use in the loop body, as
// @accumulate_blocks_fixed has it. No finding in @accumulate_blocks_fixed.
//

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

// The findings, in the order the tool prints them (snippet lines between them).
// CHECK: cf_loop_leak.mlir:24:10: error: buffer '%tmp' is leaked on every path [lifetime-leak]
// CHECK: cf_loop_leak.mlir:24:10: note: buffer allocated here
// CHECK: cf_loop_leak.mlir:35:3: note: taking the true branch
// CHECK: cf_loop_leak.mlir:35:3: note: last reference to the buffer is lost here
// CHECK: mlir-memlint: 1 error in 1 file
