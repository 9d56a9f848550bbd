// An scf.for whose trip count is not known and whose yield only permutes
// its iter_args, after which the loop's block frees some inits of the
// cycle and the results of the others: which result holds which init
// depends on the trip count, so on some trip counts one buffer is freed
// twice and another never. The deallocs of the inits become deallocs of
// the results no site frees: every result of the cycle, which is every
// init, freed once (gen seed 33078).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

// A swap: %b and %r2 freed (%b twice and %a never on an even trip count).
// FIXED-LABEL: func.func @swap_mixed(
// FIXED:         scf.yield %y, %x
// FIXED-NEXT:    }
// FIXED-NEXT:    memref.dealloc %r1 : memref<16xf32>
// FIXED-NEXT:    %v = memref.cast %r2
// FIXED-NEXT:    memref.dealloc %v : memref<16xf32>
// FIXED-NEXT:    return
func.func @swap_mixed(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %r1, %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (memref<16xf32>, memref<16xf32>) {
    %l = memref.load %x[%c0] : memref<16xf32>
    scf.yield %y, %x : memref<16xf32>, memref<16xf32>
  }
  memref.dealloc %b : memref<16xf32>
  %v = memref.cast %r2 : memref<16xf32> to memref<16xf32>
  memref.dealloc %v : memref<16xf32>
  return
}

// A rotation of three: %a, %b and %r3 freed; %r1 and %r2 instead of the
// two inits.
// FIXED-LABEL: func.func @rotate_mixed(
// FIXED:         scf.yield %y, %z, %x
// FIXED-NEXT:    }
// FIXED-NEXT:    memref.dealloc %r1 : memref<16xf32>
// FIXED-NEXT:    memref.dealloc %r2 : memref<16xf32>
// FIXED-NEXT:    memref.dealloc %r3 : memref<16xf32>
// FIXED-NEXT:    return
func.func @rotate_mixed(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  %r1, %r2, %r3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %c) -> (memref<16xf32>, memref<16xf32>, memref<16xf32>) {
    scf.yield %y, %z, %x : memref<16xf32>, memref<16xf32>, memref<16xf32>
  }
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %r3 : memref<16xf32>
  return
}
