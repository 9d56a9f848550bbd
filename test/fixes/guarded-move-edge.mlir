// A dealloc in a block that one edge of a cf.cond_br alone enters, before a
// use in the block where the paths join; on the other paths the function
// returns the buffer through a select on the same condition, so no dealloc
// after the use without a guard is right. The dealloc moves after the use
// under the decision of the edge that enters its block (gen seed 32070,
// reduced by a helper: the double free's fix-it deleted the later free and
// left this use after free with no candidate; docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f(%c: i1) -> memref<16xf32> {
  %i3 = arith.constant 3 : index
  %a1 = memref.alloc() : memref<16xf32>
  %a2 = memref.alloc() : memref<16xf32>
  %sel = arith.select %c, %a1, %a2 : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a2 : memref<16xf32>
  cf.br ^bb2
^bb2:
  %x = memref.load %a2[%i3] : memref<16xf32>
  scf.if %c {
  } else {
    memref.dealloc %a1 : memref<16xf32>
  }
  return %sel : memref<16xf32>
}
// FIXED-LABEL: func.func @f(
// FIXED:      {{^}}^bb1:{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb2{{$}}
// FIXED-NEXT: {{^}}^bb2:{{$}}
// FIXED-NEXT: {{^}}  %x = memref.load %a2[%i3] : memref<16xf32>{{$}}
// FIXED:      {{^}}    memref.dealloc %a1 : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %a2 : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %sel : memref<16xf32>{{$}}
