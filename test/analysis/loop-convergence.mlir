// RUN: not mlir-memlint --split-input-file --base-dir %S --checks='-*,lifetime-*' %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
//
// A loop whose induction variable is compared with a constant is unrolled
// exactly (up to 64 trips), so that each comparison is decided. It stops as
// soon as an iteration leaves the state unchanged and the comparisons keep
// their outcome up to the last iteration. These bugs happen only in late
// iterations (stopping too early would miss them), and the correct phases
// must not be reported (an unknown induction variable would fork on every
// comparison and report paths that do not exist).

// Freed in the last iteration (i == 15), then again after the loop.
func.func @last_iteration(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c15 = arith.constant 15 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %x, %a[%i] : memref<16xf32>
    %last = arith.cmpi eq, %i, %c15 : index
    scf.if %last {
      memref.dealloc %a : memref<16xf32>
    }
  }
  // CHECK: loop-convergence.mlir:[[@LINE+1]]:3: error: buffer '%a' is freed twice
  memref.dealloc %a : memref<16xf32>
  return
}

// -----

// From i == 12 on, every iteration frees: the second of them frees twice.
func.func @late_iterations(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %late = arith.cmpi sge, %i, %c12 : index
    scf.if %late {
      // CHECK: loop-convergence.mlir:[[@LINE+1]]:7: error: buffer '%a' is freed twice
      memref.dealloc %a : memref<16xf32>
    }
  }
  return
}

// -----

// The same with the constant on the left, an unsigned predicate, and a fork
// on an unknown condition in every iteration.
func.func @late_unsigned_with_fork(%x: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c11 = arith.constant 11 : index
  %c16 = arith.constant 16 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.if %c {
      %t = memref.alloc() : memref<4xf32>
      memref.store %x, %t[%c0] : memref<4xf32>
      memref.dealloc %t : memref<4xf32>
    }
    %late = arith.cmpi ult, %c11, %i : index
    scf.if %late {
      // CHECK: loop-convergence.mlir:[[@LINE+1]]:7: error: buffer '%a' is freed twice
      memref.dealloc %a : memref<16xf32>
    }
  }
  return
}

// -----

// Early iterations allocate a scratch buffer and leak it on the last one
// they run (i == 3): the leak is in a late-enough iteration that the loop
// must not stop after the first ones.
func.func @leak_at_boundary(%x: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %early = arith.cmpi ult, %i, %c4 : index
    scf.if %early {
      // CHECK: loop-convergence.mlir:[[@LINE+1]]:12: error: buffer '%t' is leaked
      %t = memref.alloc() : memref<4xf32>
      memref.store %x, %t[%c0] : memref<4xf32>
      %keep = arith.cmpi ne, %i, %c3 : index
      scf.if %keep {
        memref.dealloc %t : memref<4xf32>
      }
    }
  }
  return
}

// -----

// Correct: iterations below 4 and above differ, but each frees what it
// allocates. Nothing to report.
func.func @clean_phases(%x: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  scf.for %i = %c0 to %c16 step %c1 {
    %early = arith.cmpi ult, %i, %c4 : index
    %t = memref.alloc() : memref<4xf32>
    scf.if %early {
      memref.store %x, %t[%i] : memref<4xf32>
    } else {
      scf.if %c {
        memref.store %x, %t[%c0] : memref<4xf32>
      }
    }
    memref.dealloc %t : memref<4xf32>
  }
  return
}

// -----

// no-warning: a short counter (2, 1, 0) in a function called in 64 distinct
// states of its caller: more than 32 states reach the loop head, but the
// counter takes 3 values there and is not widened, so the second loop frees
// once (found by cfg_fuzz.py, seed 3282).
func.func @g() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc() : memref<16xf32>
  cf.br ^head(%c2 : index)
^head(%fuel: index):
  %more = arith.cmpi sgt, %fuel, %c0 : index
  %next = arith.subi %fuel, %c1 : index
  cf.cond_br %more, ^head(%next : index), ^free(%fuel : index)
^free(%left: index):
  memref.dealloc %a : memref<16xf32>
  %again = arith.cmpi sgt, %left, %c0 : index
  %left2 = arith.subi %left, %c1 : index
  cf.cond_br %again, ^free(%left2 : index), ^done
^done:
  return
}
func.func @f(%c0: i1, %c1: i1, %c2: i1, %c3: i1, %c4: i1, %c5: i1) {
  %b0 = memref.alloc() : memref<16xf32>
  %b1 = memref.alloc() : memref<16xf32>
  %b2 = memref.alloc() : memref<16xf32>
  %b3 = memref.alloc() : memref<16xf32>
  %b4 = memref.alloc() : memref<16xf32>
  %b5 = memref.alloc() : memref<16xf32>
  scf.if %c0 {
    memref.dealloc %b0 : memref<16xf32>
  }
  scf.if %c1 {
    memref.dealloc %b1 : memref<16xf32>
  }
  scf.if %c2 {
    memref.dealloc %b2 : memref<16xf32>
  }
  scf.if %c3 {
    memref.dealloc %b3 : memref<16xf32>
  }
  scf.if %c4 {
    memref.dealloc %b4 : memref<16xf32>
  }
  scf.if %c5 {
    memref.dealloc %b5 : memref<16xf32>
  }
  func.call @g() : () -> ()
  scf.if %c0 {
  } else {
    memref.dealloc %b0 : memref<16xf32>
  }
  scf.if %c1 {
  } else {
    memref.dealloc %b1 : memref<16xf32>
  }
  scf.if %c2 {
  } else {
    memref.dealloc %b2 : memref<16xf32>
  }
  scf.if %c3 {
  } else {
    memref.dealloc %b3 : memref<16xf32>
  }
  scf.if %c4 {
  } else {
    memref.dealloc %b4 : memref<16xf32>
  }
  scf.if %c5 {
  } else {
    memref.dealloc %b5 : memref<16xf32>
  }
  return
}
