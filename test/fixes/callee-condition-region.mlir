// A buffer of a nested region that a call there passes to a callee which
// frees it under a condition the caller passes (docs/fixits.md, "a guard
// from a callee's branch"), lost in the callee: the guarded dealloc goes
// after the call, in the region that allocates it, where its name is seen
// (not after the region op in the function's body). Cfg seed 54057.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @g(%m: memref<16xf32>, %c: i1, %d: i1) {
  cf.cond_br %c, ^bb1(%m : memref<16xf32>), ^bb2
^bb1(%p: memref<16xf32>):
  memref.dealloc %p : memref<16xf32>
  return
^bb2:
  %b = memref.alloc() : memref<16xf32>
  cf.cond_br %d, ^bb1(%b : memref<16xf32>), ^bb3
^bb3:
  memref.dealloc %b : memref<16xf32>
  return
}

func.func @f(%c0: i1, %c1: i1) {
  scf.execute_region {
    %a = memref.alloc() : memref<16xf32>
    func.call @g(%a, %c0, %c1) : (memref<16xf32>, i1, i1) -> ()
    scf.yield
  }
  return
}
// FIXED-LABEL: func.func @f(
// FIXED-NEXT:  {{^}}  scf.execute_region {{{$}}
// FIXED-NEXT:  {{^}}    %a = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    func.call @g(%a, %c0, %c1) : (memref<16xf32>, i1, i1) -> (){{$}}
// FIXED-NEXT:  {{^}}    scf.if %c0 {{{$}}
// FIXED-NEXT:  {{^}}    } else {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}    scf.yield{{$}}
