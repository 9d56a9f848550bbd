// A buffer allocated in an scf.execute_region of several blocks, which
// hands it out as its result; the function writes the result and returns
// without freeing it, and the leak's path ends in the caller (the buffer's
// last reference is lost after the call returns). The loss, for the
// candidates of a buffer a region hands out, is then the function's
// return: the dealloc goes after the last use of the result in the body
// (cfg seed 40033, reduced; docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @g(%c: i1) {
  %i0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %r = scf.execute_region -> (memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    cf.cond_br %c, ^bb1, ^bb1
  ^bb1:
    scf.yield %a : memref<16xf32>
  }
  memref.store %zero, %r[%i0] : memref<16xf32>
  return
}
func.func @f(%c: i1) {
  func.call @g(%c) : (i1) -> ()
  %b = memref.alloc() : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @g(
// FIXED:      {{^}}  memref.store %zero, %r[%i0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %r : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
