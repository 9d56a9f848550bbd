// A loop carries a buffer of before it with an ownership flag that starts
// true, so an iteration that replaces it frees it; a guarded dealloc after
// the loop frees the result when the flag says so. The buffer is read after
// the loop: on every path it is freed before that read (by the loop, or
// after it). Starting the flag false (the loop does not own what it
// receives) leaves the buffer unfreed; with a dealloc of it after its last
// use, both edits together are the fix (gen seed 44115, reduced;
// docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f(%c: i1) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %a = memref.alloc() : memref<16xf32>
  %r, %own = scf.for %iv = %i0 to %i1 step %i1 iter_args(%it = %a, %flag = %true) -> (memref<16xf32>, i1) {
    %new = memref.alloc() : memref<16xf32>
    %m, %o = scf.if %c -> (memref<16xf32>, i1) {
      memref.dealloc %new : memref<16xf32>
      scf.yield %it, %flag : memref<16xf32>, i1
    } else {
      scf.if %flag {
        memref.dealloc %it : memref<16xf32>
      }
      scf.yield %new, %true : memref<16xf32>, i1
    }
    scf.yield %m, %o : memref<16xf32>, i1
  }
  scf.if %own {
    memref.dealloc %r : memref<16xf32>
  }
  %x = memref.load %a[%i1] : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:      iter_args(%it = %a, %flag = %false)
// FIXED:      {{^}}  %x = memref.load %a[%i1] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
