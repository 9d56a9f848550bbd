// An ownership flag of an scf.for that starts true for a buffer the loop
// receives as an init value (docs/fixits.md): the loop frees it as its own
// while the function returns it. The flag starts false instead.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @release(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}

func.func @f(%c0: i1, %n: index) -> memref<16xf32> {
  %true = arith.constant true
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %a7 = memref.alloc() : memref<16xf32>
  %r11, %r12 = scf.for %iv8 = %i0 to %n step %i1 iter_args(%it9 = %a7, %it10 = %true) -> (memref<16xf32>, i1) {
    %a13 = memref.alloc() : memref<16xf32>
    scf.if %it10 {
      memref.dealloc %it9 : memref<16xf32>
    }
    scf.yield %a13, %true : memref<16xf32>, i1
  }
  scf.if %r12 {
    memref.dealloc %r11 : memref<16xf32>
  }
  return %a7 : memref<16xf32>
}
// FIXED-LABEL: func.func @f(
// FIXED-NEXT: {{^}}  %memlint_false_[[L:[0-9]+]] = arith.constant false{{$}}
// FIXED:      {{^}}  %r11, %r12 = scf.for %iv8 = %i0 to %n step %i1 iter_args(%it9 = %a7, %it10 = %memlint_false_[[L]]) -> (memref<16xf32>, i1) {{{$}}

// The same with a false constant at hand, the loop's result freed by a
// helper.
func.func @g(%c0: i1, %n: index) -> memref<16xf32> {
  %true = arith.constant true
  %false = arith.constant false
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  %r, %own = scf.for %iv = %i0 to %n step %i1 iter_args(%it = %a, %flag = %true) -> (memref<16xf32>, i1) {
    %r2, %own2 = scf.if %c0 -> (memref<16xf32>, i1) {
      scf.yield %it, %flag : memref<16xf32>, i1
    } else {
      %next = memref.alloc() : memref<16xf32>
      scf.if %flag {
        memref.dealloc %it : memref<16xf32>
      }
      scf.yield %next, %true : memref<16xf32>, i1
    }
    scf.yield %r2, %own2 : memref<16xf32>, i1
  }
  scf.if %own {
    func.call @release(%r) : (memref<16xf32>) -> ()
  }
  return %a : memref<16xf32>
}
// FIXED-LABEL: func.func @g(
// FIXED:      {{^}}  %r, %own = scf.for %iv = %i0 to %n step %i1 iter_args(%it = %a, %flag = %false) -> (memref<16xf32>, i1) {{{$}}
