// A leak whose last reference is lost at a region op that uses the buffer
// inside (a loop that only makes views of it), on the path where a callee
// did not free it (docs/fixits.md, "combined and nested"): the dealloc goes
// right after the op, under the branch decision of the witness. @consume
// also reads its argument, so its call is not a free site that free-once
// could move.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @consume(%m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x = memref.load %m[%c0] : memref<?xf32>
  memref.dealloc %m : memref<?xf32>
  return %x : f32
}

func.func @view_loop(%c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %d = memref.cast %a : memref<16xf32> to memref<?xf32>
  cf.cond_br %c, ^free, ^join
^free:
  %x = func.call @consume(%d) : (memref<?xf32>) -> f32
  cf.br ^join
^join:
  scf.for %i = %c0 to %c3 step %c1 {
    %m = memref.cast %d : memref<?xf32> to memref<16xf32>
  }
  memref.dealloc %b : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @view_loop(
// FIXED:       {{^}}  scf.for %i = %c0 to %c3 step %c1 {{{$}}
// FIXED-NEXT:  {{^}}    %m = memref.cast %d : memref<?xf32> to memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c {{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %b : memref<16xf32>{{$}}
