// --fix applies the fix-its that do not overlap together, then fewer of
// them, down to the first alone; when the first alone is no improvement
// (validated for its own finding, it leaves another cause's error: here
// the move of the first dealloc after the last use leaves the second free
// before the write), each of the others alone is tried in turn, so that it
// does not hold up the rest (gen seed 10030, where --fix applied nothing).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @two_frees(%c0: i1, %c1: i1, %arg: memref<16xf32>) -> f32 {
  %i0 = arith.constant 0 : index
  %i3 = arith.constant 3 : index
  %cst = arith.constant 1.000000e+00 : f32
  %a1 = memref.alloc() : memref<16xf32>
  scf.if %c1 {
    %cast2 = memref.cast %a1 : memref<16xf32> to memref<?xf32>
    memref.store %cst, %cast2[%i0] : memref<?xf32>
    memref.dealloc %a1 : memref<16xf32>
  }
  %x4 = memref.load %arg[%i0] : memref<16xf32>
  scf.if %c0 {
  } else {
    memref.dealloc %a1 : memref<16xf32>
    memref.store %cst, %a1[%i3] : memref<16xf32>
  }
  %x7 = memref.load %arg[%i3] : memref<16xf32>
  return %x7 : f32
}
// FIXED-LABEL: func.func @two_frees(
// FIXED:       {{^}}    memref.store %cst, %cast2[%i0] : memref<?xf32>{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED:       {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    memref.store %cst, %a1[%i3] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %a1 : memref<16xf32>{{$}}
// FIXED-NOT:   memref.dealloc
