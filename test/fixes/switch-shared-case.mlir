// A leak whose witness takes one of several cases of a cf.switch that share
// their destination, and loses the buffer in the callee that block calls,
// gets its dealloc in that block, after the call ("in the block that
// leaks"), as it does when one case alone enters it (reduced from cfg
// 27024 by a helper: --fix left the leak; docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @g0(%q0: memref<16xf32>) {
  return
}
func.func @f(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  %k = arith.extui %c : i1 to i32
  cf.switch %k : i32, [default: ^bb1, 0: ^bb1, 1: ^bb2]
^bb1:
  func.call @g0(%a) : (memref<16xf32>) -> ()
  return
^bb2:
  memref.dealloc %a : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:      {{^}}^bb1:{{$}}
// FIXED-NEXT: {{^}}  func.call @g0(%a) : (memref<16xf32>) -> (){{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
// FIXED:      {{^}}^bb2:{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
