// What an scf.for yields at one position is the iter_arg and the result of
// that position only, not of every position (cfg seed 21118): the leak of
// the buffer the loop hands out as %r is freed through %r in the branch
// that does not free it, not through %other, which holds the init value.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @positions(%c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = memref.alloc() : memref<16xf32>
  %r, %other = scf.for %i = %c0 to %c1 step %c1 iter_args(%it = %init, %keep = %init) -> (memref<16xf32>, memref<16xf32>) {
    %new = memref.alloc() : memref<16xf32>
    scf.yield %new, %keep : memref<16xf32>, memref<16xf32>
  }
  scf.if %c {
    memref.dealloc %r : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @positions(
// FIXED:      {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %r : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %r : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %init : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
