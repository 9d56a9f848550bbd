// RUN: not mlir-memlint --split-input-file --base-dir %S --checks='-*,lifetime-*' %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: mlir-memlint -j 1 --stats %S/Inputs/many-selects.mlir 2>&1 | FileCheck %s --check-prefix=MANY
//
// A buffer chosen by `arith.select` on a condition the path has not decided
// stays symbolic (`select(c, %x, %y)`) while it is only forwarded, viewed,
// read or written with both buffers alive; a use that depends on which
// buffer it is (a free, a call, a read after one of them was freed) splits
// the path there. The findings are those of splitting at the select.
//
// 16 selects on independent conditions, freed under the same conditions:
// clean, and explored in a few hundred steps (2^16 paths, over the step
// budget, when every select split the path).
// MANY: incomplete-functions=0 steps={{[0-9][0-9]?[0-9]? }}{{.*}}findings=0

// One side freed, then a read through the select.
func.func @use_after_one_side_freed(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %x = memref.alloc() : memref<16xf32>
  %y = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %x, %y : memref<16xf32>
  memref.dealloc %x : memref<16xf32>
  // CHECK: select-symbolic.mlir:[[@LINE+1]]:8: error: buffer '%x' is read after it was freed on some path (through alias '%s')
  %v = memref.load %s[%c0] : memref<16xf32>
  memref.dealloc %y : memref<16xf32>
  return %v : f32
}

// -----

// The buffer not chosen leaks.
func.func @unchosen_leaks(%c: i1) {
  // CHECK: select-symbolic.mlir:[[@LINE+2]]:8: error: buffer '%x' is leaked on some path
  // CHECK: select-symbolic.mlir:[[@LINE+2]]:8: error: buffer '%y' is leaked on some path
  %x = memref.alloc() : memref<16xf32>
  %y = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %x, %y : memref<16xf32>
  memref.dealloc %s : memref<16xf32>
  return
}

// -----

// The chosen buffer is freed twice.
func.func @freed_again(%c: i1) {
  %x = memref.alloc() : memref<16xf32>
  %y = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %x, %y : memref<16xf32>
  memref.dealloc %s : memref<16xf32>
  // CHECK: select-symbolic.mlir:[[@LINE+2]]:3: error: buffer '%x' is freed twice on some path
  // CHECK: select-symbolic.mlir:[[@LINE+2]]:3: error: buffer '%y' is freed twice on some path
  memref.dealloc %x : memref<16xf32>
  memref.dealloc %y : memref<16xf32>
  return
}

// -----

// Through a cast, scf.if results and a block argument, freed under the same
// condition: clean.
func.func @through_view_region_and_block(%c: i1, %d: i1, %i: index) -> f32 {
  %x = memref.alloc() : memref<16xf32>
  %y = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %x, %y : memref<16xf32>
  %cast = memref.cast %s : memref<16xf32> to memref<?xf32>
  %r = scf.if %d -> (memref<?xf32>) {
    scf.yield %cast : memref<?xf32>
  } else {
    scf.yield %cast : memref<?xf32>
  }
  cf.br ^bb1(%r : memref<?xf32>)
^bb1(%b: memref<?xf32>):
  %v = memref.load %b[%i] : memref<?xf32>
  cf.cond_br %c, ^bb2, ^bb3
^bb2:
  memref.dealloc %y : memref<16xf32>
  cf.br ^bb4
^bb3:
  memref.dealloc %x : memref<16xf32>
  cf.br ^bb4
^bb4:
  memref.dealloc %b : memref<?xf32>
  return %v : f32
}

// -----

// Handed to an external function: it may keep either buffer, no finding.
func.func @escapes_through_call(%c: i1) {
  %x = memref.alloc() : memref<16xf32>
  %y = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %x, %y : memref<16xf32>
  call @keep(%s) : (memref<16xf32>) -> ()
  scf.if %c {
    memref.dealloc %y : memref<16xf32>
  } else {
    memref.dealloc %x : memref<16xf32>
  }
  return
}
func.func private @keep(memref<16xf32>)
