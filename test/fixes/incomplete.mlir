// A fix-it is validated by re-linting: in a function whose exploration
// stopped at a bound, no re-lint can confirm that it adds no error on the
// paths left unexplored, so its findings get no fix-it (the
// memlint-incomplete warning says why), and a candidate whose re-lint stops
// at a bound where the lint did not is rejected. Found by the mutation
// fuzzer (seed 41281: every candidate re-lint ran into the state bound, and
// --fix took 40 s under ASan for nothing it could confirm).
// RUN: not mlir-memlint --max-steps 15 --show-fixes %s 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: not mlir-memlint --show-fixes %s 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: cp %s %t.mlir && mlir-memlint --max-steps 15 --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=FIX
// RUN: mlir-memlint --checks='-*,lifetime-leak' %t.mlir 2>&1 | FileCheck %s --check-prefix=AFTER

// BOUND: fix-it: insert 'memref.dealloc %a : memref<4xf32>' after the last use
// BOUND: warning: the lifetime analysis of '@big' stopped at its step budget of 15
// BOUND: warning: buffer '%w' is allocated and deallocated on every iteration
// BOUND-NOT: fix-it:
// FULL: fix-it: insert 'memref.dealloc %a : memref<4xf32>'
// FULL: fix-it: delete the redundant dealloc
// FULL: fix-it: hoist the allocation of '%w' before the loop
// FIX: applied 1 fix-it
// AFTER: no findings
func.func @small() {
  %a = memref.alloc() : memref<4xf32>
  return
}

func.func @big(%n: index, %flags: memref<?xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %twice = memref.alloc() : memref<4xf32>
  memref.dealloc %twice : memref<4xf32>
  memref.dealloc %twice : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %f = memref.load %flags[%i] : memref<?xi1>
    %w = memref.alloc() : memref<16xf32>
    memref.dealloc %w : memref<16xf32>
    scf.if %f {
      %t = memref.alloc() : memref<8xf32>
      memref.dealloc %t : memref<8xf32>
    }
    %g = memref.load %flags[%c0] : memref<?xi1>
    scf.if %g {
      %u = memref.alloc() : memref<8xf32>
      memref.dealloc %u : memref<8xf32>
    }
  }
  return
}
