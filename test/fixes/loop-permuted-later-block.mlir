// An scf.for whose trip count is not known swaps (or rotates) its iter_args,
// every result is freed in the loop's block, and an init is read in a later
// block of the CFG: the deallocs of the results become deallocs of the
// inits the read does not need, and the one it needs is freed after the
// last use where the paths of its uses join (gen seed 46084).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

// A swap, then a load of one buffer in the block where two paths join: it is
// freed after the load, the other where the results were.
// FIXED-LABEL: func.func @swap_read_at_join(
// FIXED:         scf.yield %y, %x
// FIXED-NEXT:    }
// FIXED-NEXT:    memref.dealloc %a : memref<16xf32>
// FIXED-NEXT:    cf.cond_br %c, ^bb1, ^bb2
// FIXED:       ^bb3:
// FIXED-NEXT:    %v = memref.load %b[%c1] : memref<16xf32>
// FIXED-NEXT:    memref.dealloc %b : memref<16xf32>
// FIXED-NEXT:    return
func.func @swap_read_at_join(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %r1, %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<16xf32>, memref<16xf32>) {
    scf.yield %y, %x : memref<16xf32>, memref<16xf32>
  }
  memref.dealloc %r1 : memref<16xf32>
  memref.dealloc %r2 : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  %v = memref.load %b[%c1] : memref<16xf32>
  return
}

// A rotation of three, then a load of one buffer on one path only: it is
// freed at the top of the block where the paths join.
// FIXED-LABEL: func.func @rotate_read_on_one_path(
// FIXED:         scf.yield %y, %z, %x
// FIXED-NEXT:    }
// FIXED-NEXT:    memref.dealloc %a : memref<16xf32>
// FIXED-NEXT:    memref.dealloc %b : memref<16xf32>
// FIXED-NEXT:    cf.cond_br %c, ^bb1, ^bb2(%cst : f32)
// FIXED:       ^bb2(%w: f32):
// FIXED-NEXT:    memref.dealloc %d : memref<16xf32>
// FIXED-NEXT:    return %w : f32
func.func @rotate_read_on_one_path(%c: i1, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %d = memref.alloc() : memref<16xf32>
  %r1, %r2, %r3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %d) -> (memref<16xf32>, memref<16xf32>, memref<16xf32>) {
    scf.yield %y, %z, %x : memref<16xf32>, memref<16xf32>, memref<16xf32>
  }
  memref.dealloc %r1 : memref<16xf32>
  memref.dealloc %r2 : memref<16xf32>
  memref.dealloc %r3 : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2(%cst : f32)
^bb1:
  %v = memref.load %d[%c1] : memref<16xf32>
  cf.br ^bb2(%v : f32)
^bb2(%w: f32):
  return %w : f32
}
