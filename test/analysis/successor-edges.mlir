// RUN: not mlir-memlint --split-input-file --base-dir %S --checks='-*,lifetime-*' %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: rm -rf %t && mkdir -p %t
// RUN: mlir-memlint viz --kind cfg --format dot --func edge_witness -o %t %s
// RUN: cat %t/*.cfg.dot | FileCheck %s --check-prefix=DOT
//
// A branch whose edges lead to the same block with different operands: the
// operands are forwarded by edge (successor index), not by block, and the
// witness names the edge taken.

// no-warning: correct only because the cf.cond_br and the scf.if test %c.
func.func @cond_br_same_block(%c: i1) {
  %b6 = memref.alloc() : memref<16xf32>
  %b7 = memref.alloc() : memref<16xf32>
  cf.cond_br %c, ^bb1(%b6 : memref<16xf32>), ^bb1(%b7 : memref<16xf32>)
^bb1(%m: memref<16xf32>):
  memref.dealloc %m : memref<16xf32>
  scf.if %c {
    memref.dealloc %b7 : memref<16xf32>
  } else {
    memref.dealloc %b6 : memref<16xf32>
  }
  return
}

// -----

// The bug on the false edge only: the witness takes the false branch.
func.func @cond_br_false_edge(%c: i1) {
  %b7 = memref.alloc() : memref<16xf32>
  // CHECK: successor-edges.mlir:[[@LINE+1]]:9: error: buffer '%b6' is leaked on some path [lifetime-leak]
  %b6 = memref.alloc() : memref<16xf32>
  // CHECK: :[[@LINE+2]]:3: note: taking the false branch
  // CHECK: :[[@LINE+1]]:3: note: last reference to the buffer is lost here
  cf.cond_br %c, ^bb1(%b6 : memref<16xf32>), ^bb1(%b7 : memref<16xf32>)
^bb1(%m: memref<16xf32>):
  memref.dealloc %m : memref<16xf32>
  scf.if %c {
    memref.dealloc %b7 : memref<16xf32>
  }
  return
}

// -----

// no-warning: cf.switch with a repeated destination, its selector made from
// the condition that the scf.if tests again.
func.func @switch_same_block(%c: i1) {
  %b6 = memref.alloc() : memref<16xf32>
  %b7 = memref.alloc() : memref<16xf32>
  %k = arith.extui %c : i1 to i32
  cf.switch %k : i32, [
    default: ^bb1(%b6 : memref<16xf32>),
    0: ^bb1(%b7 : memref<16xf32>)
  ]
^bb1(%m: memref<16xf32>):
  memref.dealloc %m : memref<16xf32>
  scf.if %c {
    memref.dealloc %b7 : memref<16xf32>
  } else {
    memref.dealloc %b6 : memref<16xf32>
  }
  return
}

// -----

// no-warning: two switches on the same unknown selector take the same case
// (the default edge excludes every case value of the first switch).
func.func @switch_same_selector(%x: i32) {
  %b6 = memref.alloc() : memref<16xf32>
  %b7 = memref.alloc() : memref<16xf32>
  cf.switch %x : i32, [
    default: ^bb1(%b6 : memref<16xf32>),
    3: ^bb1(%b7 : memref<16xf32>),
    5: ^bb1(%b6 : memref<16xf32>)
  ]
^bb1(%m: memref<16xf32>):
  memref.dealloc %m : memref<16xf32>
  cf.switch %x : i32, [
    default: ^bb2,
    3: ^bb3
  ]
^bb2:
  memref.dealloc %b7 : memref<16xf32>
  return
^bb3:
  memref.dealloc %b6 : memref<16xf32>
  return
}

// -----

// no-warning: a comparison of the selector with a constant is the same atom
// as the switch case.
func.func @switch_and_cmpi(%x: i32) {
  %b6 = memref.alloc() : memref<16xf32>
  %b7 = memref.alloc() : memref<16xf32>
  %c3 = arith.constant 3 : i32
  %is3 = arith.cmpi eq, %x, %c3 : i32
  cf.switch %x : i32, [
    default: ^bb1(%b6 : memref<16xf32>),
    3: ^bb1(%b7 : memref<16xf32>)
  ]
^bb1(%m: memref<16xf32>):
  memref.dealloc %m : memref<16xf32>
  scf.if %is3 {
    memref.dealloc %b6 : memref<16xf32>
  } else {
    memref.dealloc %b7 : memref<16xf32>
  }
  return
}

// -----

// The region variant: scf.execute_region with a block reached by both edges.
// no-warning
func.func @region_same_block(%c: i1) {
  %b6 = memref.alloc() : memref<16xf32>
  %b7 = memref.alloc() : memref<16xf32>
  %r = scf.execute_region -> memref<16xf32> {
    cf.cond_br %c, ^bb1(%b6 : memref<16xf32>), ^bb1(%b7 : memref<16xf32>)
  ^bb1(%m: memref<16xf32>):
    scf.yield %m : memref<16xf32>
  }
  memref.dealloc %r : memref<16xf32>
  scf.if %c {
    memref.dealloc %b7 : memref<16xf32>
  } else {
    memref.dealloc %b6 : memref<16xf32>
  }
  return
}

// -----

// no-warning: flags compared with `cmpi eq` / `ne` keep their correlation.
func.func @flag_compare(%c: i1, %d: i1) {
  %a = memref.alloc() : memref<16xf32>
  %same = arith.cmpi eq, %c, %d : i1
  %diff = arith.cmpi ne, %c, %d : i1
  scf.if %same {
    memref.dealloc %a : memref<16xf32>
  }
  scf.if %diff {
    memref.dealloc %a : memref<16xf32>
  }
  return
}

// -----

// no-warning: a counter that counts down to a constant defined in the loop's
// own block ends the loop (found by cfg_fuzz.py, seed 155).
func.func @count_down() {
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  cf.br ^head(%c1 : index)
^body(%f: index):
  memref.dealloc %a : memref<16xf32>
  cf.br ^head(%f : index)
^head(%fuel: index):
  %c0 = arith.constant 0 : index
  %more = arith.cmpi sgt, %fuel, %c0 : index
  %next = arith.subi %fuel, %c1 : index
  cf.cond_br %more, ^body(%next : index), ^exit
^exit:
  return
}

// -----

// no-warning: a loop whose body yields a buffer from outside the loop for
// an argument it never reads: the result is that buffer (found by
// cfg_fuzz.py, seed 786).
func.func @yield_outside_value() {
  %a = memref.alloc() : memref<16xf32>
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%it = %a) -> (memref<16xf32>) {
    scf.yield %a : memref<16xf32>
  }
  %v = memref.cast %r : memref<16xf32> to memref<16xf32>
  memref.dealloc %v : memref<16xf32>
  return
}

// -----

// The CFG diagram colours the edge the witnesses take, not every edge to
// their block: both bugs are on the true edge (successor 0), the false edge
// to the same block stays black.
func.func @edge_witness(%c: i1) {
  // CHECK: :[[@LINE+1]]:9: error: buffer '%b7' is leaked on some path [lifetime-leak]
  %b7 = memref.alloc() : memref<16xf32>
  %b6 = memref.alloc() : memref<16xf32>
  cf.cond_br %c, ^bb1(%b6 : memref<16xf32>), ^bb1(%b7 : memref<16xf32>)
^bb1(%m: memref<16xf32>):
  memref.dealloc %m : memref<16xf32>
  // CHECK: :[[@LINE+1]]:3: error: buffer '%b6' is freed twice on some path [lifetime-double-free]
  memref.dealloc %b6 : memref<16xf32>
  return
}
// DOT: b0:p2 -> b1 [color="#d32f2f", fontcolor="#d32f2f", penwidth=2.5, label="true (#1,#2)"];
// DOT-NEXT: b0:p2 -> b1 [label="false"];

// -----

// The witness of a cf.switch names the case it takes.
func.func @switch_witness(%x: i32) {
  // CHECK: :[[@LINE+1]]:9: error: buffer '%b6' is leaked on some path [lifetime-leak]
  %b6 = memref.alloc() : memref<16xf32>
  %b7 = memref.alloc() : memref<16xf32>
  // CHECK: :[[@LINE+3]]:3: note: taking successor #1 (case 3)
  // CHECK: :[[@LINE-2]]:9: error: buffer '%b7' is leaked on some path [lifetime-leak]
  // CHECK: :[[@LINE+1]]:3: note: taking successor #0 (the default destination)
  cf.switch %x : i32, [
    default: ^bb1(%b6 : memref<16xf32>),
    3: ^bb1(%b7 : memref<16xf32>),
    5: ^bb1(%b6 : memref<16xf32>)
  ]
^bb1(%m: memref<16xf32>):
  memref.dealloc %m : memref<16xf32>
  return
}

// -----

// no-warning: the selector was compared with a case value before; under
// `scf.if %is3` the switch takes case 3 only (not case 3 and case 5).
func.func @case_known_from_cmpi(%x: i32) {
  %a = memref.alloc() : memref<16xf32>
  %c3 = arith.constant 3 : i32
  %is3 = arith.cmpi eq, %x, %c3 : i32
  scf.if %is3 {
    scf.execute_region {
      cf.switch %x : i32, [
        default: ^bb1,
        3: ^bb2,
        5: ^bb1
      ]
    ^bb1:
      memref.dealloc %a : memref<16xf32>
      memref.dealloc %a : memref<16xf32>
      scf.yield
    ^bb2:
      memref.dealloc %a : memref<16xf32>
      scf.yield
    }
  } else {
    memref.dealloc %a : memref<16xf32>
  }
  return
}
