// A buffer a switch hands to a join, where a select between it and the
// join's argument returns one of them: lost where the switch takes the
// default edge and the select picks the argument. The pair of those two
// decisions frees it; three branch decisions on the path (the switch's and
// two scf.ifs') fill the kMax pairs of two decisions before it, so the
// pairs of a decision and a side of the select come after them
// (docs/fixits.md, "combined and nested"; cfg seed 76000).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

// FIXED-LABEL: func.func @f(
// FIXED:       {{^}}  %sel = arith.select %c3, %a, %p : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c0 {{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %c3 {{{$}}
// FIXED-NEXT:  {{^}}    } else {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  return %sel : memref<16xf32>{{$}}
func.func @f(%c0: i1, %c1: i1, %c2: i1, %c3: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %k = arith.extui %c0 : i1 to i32
  %a = memref.alloc() : memref<16xf32>
  cf.switch %k : i32, [default: ^bb1, 1: ^bb2(%a : memref<16xf32>)]
^bb1:
  scf.if %c1 {
  }
  scf.if %c2 {
  }
  cf.br ^bb2(%arg : memref<16xf32>)
^bb2(%p: memref<16xf32>):
  %sel = arith.select %c3, %a, %p : memref<16xf32>
  return %sel : memref<16xf32>
}
