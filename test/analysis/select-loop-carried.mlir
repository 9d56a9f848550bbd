// RUN: not mlir-memlint --split-input-file --base-dir %S --checks='-*,lifetime-*' %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not mlir-memlint -j 1 --stats --checks='-*,lifetime-*' %s 2>&1 | FileCheck %s --check-prefix=STATS
//
// A select carried around a loop on a condition the loop does not change
// (`%r = arith.select %c, %iter, %new` yielded back): a select nested in an
// arm of a select on the same condition takes the arm that condition
// decides there, so the carried value stays `select(%c, %a1, <this
// iteration's buffer>)`, the buffers of earlier iterations become
// unreachable, and the states at the loop head repeat after an iteration.
// It used to grow by a node and a buffer per iteration, until the analysis
// stopped at its memory limit (memlint-incomplete) with none of these
// findings.
// STATS: incomplete-functions=0 steps={{[0-9][0-9]?[0-9]? }}

func.func @keep_or_replace(%c2: i1, %n: index) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  // CHECK: select-loop-carried.mlir:[[@LINE+1]]:9: error: buffer '%a1' is leaked on some path
  %a1 = memref.alloc() : memref<16xf32>
  %r5 = scf.for %iv2 = %i0 to %n step %i1 iter_args(%it3 = %a1) -> (memref<16xf32>) {
    %a7 = memref.alloc() : memref<16xf32>
    memref.dealloc %a7 : memref<16xf32>
    %r8 = arith.select %c2, %it3, %a7 : memref<16xf32>
    scf.yield %r8 : memref<16xf32>
  }
  // CHECK: select-loop-carried.mlir:[[@LINE+1]]:3: error: buffer '%a7' is freed twice on some path (through alias '%r5')
  memref.dealloc %r5 : memref<16xf32>
  return
}

// -----

// The operands swapped.
func.func @replace_or_keep(%c2: i1, %n: index) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  // CHECK: select-loop-carried.mlir:[[@LINE+1]]:9: error: buffer '%a1' is leaked on some path
  %a1 = memref.alloc() : memref<16xf32>
  %r5 = scf.for %iv2 = %i0 to %n step %i1 iter_args(%it3 = %a1) -> (memref<16xf32>) {
    %a7 = memref.alloc() : memref<16xf32>
    memref.dealloc %a7 : memref<16xf32>
    %r8 = arith.select %c2, %a7, %it3 : memref<16xf32>
    scf.yield %r8 : memref<16xf32>
  }
  // CHECK: select-loop-carried.mlir:[[@LINE+1]]:3: error: buffer '%a7' is freed twice on some path (through alias '%r5')
  memref.dealloc %r5 : memref<16xf32>
  return
}

// -----

// Not freed in the loop: the buffer an iteration does not carry on leaks.
func.func @not_freed(%c2: i1, %n: index) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  // CHECK: select-loop-carried.mlir:[[@LINE+1]]:9: error: buffer '%a1' is leaked on some path
  %a1 = memref.alloc() : memref<16xf32>
  %r5 = scf.for %iv2 = %i0 to %n step %i1 iter_args(%it3 = %a1) -> (memref<16xf32>) {
    // CHECK: select-loop-carried.mlir:[[@LINE+1]]:11: error: buffer '%a7' is leaked on some path
    %a7 = memref.alloc() : memref<16xf32>
    %r8 = arith.select %c2, %it3, %a7 : memref<16xf32>
    scf.yield %r8 : memref<16xf32>
  }
  memref.dealloc %r5 : memref<16xf32>
  return
}

// -----

// The same loop as a cf back-edge.
func.func @cf_loop(%c2: i1, %n: index) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  // CHECK: select-loop-carried.mlir:[[@LINE+1]]:9: error: buffer '%a1' is leaked on some path
  %a1 = memref.alloc() : memref<16xf32>
  cf.br ^head(%i0, %a1 : index, memref<16xf32>)
^head(%iv: index, %it3: memref<16xf32>):
  %cond = arith.cmpi slt, %iv, %n : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %a7 = memref.alloc() : memref<16xf32>
  memref.dealloc %a7 : memref<16xf32>
  %r8 = arith.select %c2, %it3, %a7 : memref<16xf32>
  %next = arith.addi %iv, %i1 : index
  cf.br ^head(%next, %r8 : index, memref<16xf32>)
^exit:
  // CHECK: select-loop-carried.mlir:[[@LINE+1]]:3: error: buffer '%a7' is freed twice on some path (through alias '%it3')
  memref.dealloc %it3 : memref<16xf32>
  return
}

// -----

// scf.while, its condition decided outside the loop: when the loop ends, it
// ends before its first iteration, and the program is correct.
func.func @while_loop(%c2: i1, %c3: i1) {
  %a1 = memref.alloc() : memref<16xf32>
  %r5 = scf.while (%it3 = %a1) : (memref<16xf32>) -> memref<16xf32> {
    scf.condition(%c3) %it3 : memref<16xf32>
  } do {
  ^bb0(%x: memref<16xf32>):
    %a7 = memref.alloc() : memref<16xf32>
    memref.dealloc %a7 : memref<16xf32>
    %r8 = arith.select %c2, %x, %a7 : memref<16xf32>
    scf.yield %r8 : memref<16xf32>
  }
  memref.dealloc %r5 : memref<16xf32>
  return
}
