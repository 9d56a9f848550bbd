// A buffer a callee frees under a condition the caller passes it
// (docs/fixits.md, "a guard from a callee's branch"): the witness takes the
// callee's branch on its argument %free; the caller frees the buffer after
// the call when the value it passes for that argument is false.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @maybe_release(%m: memref<16xf32>, %free: i1) {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<16xf32>
  scf.if %free {
    memref.dealloc %m : memref<16xf32>
  }
  return
}

func.func @caller(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  func.call @maybe_release(%a, %c) : (memref<16xf32>, i1) -> ()
  return
}
// FIXED-LABEL: func.func @caller(
// FIXED-NEXT:  {{^}}  %a = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  func.call @maybe_release(%a, %c) : (memref<16xf32>, i1) -> (){{$}}
// FIXED-NEXT:  {{^}}  scf.if %c {{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  return{{$}}
