// A leak lost at two places, each needing its own edit (docs/fixits.md,
// "A repair in part"): no single candidate fixes it, the edge-free of the
// back-edge frees it on the path reported; --fix applies it and its next
// round frees it in a new else branch.
// RUN: cp %s %t.mlir
// RUN: not mlir-memlint --checks='-*,lifetime-*' --fix-dry-run %t.mlir 2>&1 | FileCheck %s --check-prefix=PART
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// PART: error: buffer '%row' is leaked on some path [lifetime-leak]
// MSG: applied 2 fix-its, 0 findings left

func.func @rows(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%n : index)
^loop(%i: index):
  %row = memref.alloc() : memref<4xf32>
  %more = arith.cmpi sgt, %i, %c0 : index
  %next = arith.subi %i, %c1 : index
  cf.cond_br %more, ^loop(%next : index), ^done(%row : memref<4xf32>)
^done(%last: memref<4xf32>):
  scf.if %c {
    memref.dealloc %last : memref<4xf32>
  }
  return
}
// FIXED-LABEL: func.func @rows
// FIXED:      {{^}}  cf.cond_br %more, ^memlint_free_{{[0-9]+}}_0, ^done(%row : memref<4xf32>){{$}}
// FIXED-NEXT: {{^}}^memlint_free_{{[0-9]+}}_0:{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %row : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  cf.br ^loop(%next : index){{$}}
// FIXED-NEXT: {{^}}^done(%last: memref<4xf32>):{{$}}
// FIXED-NEXT: {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %last : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %row : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
