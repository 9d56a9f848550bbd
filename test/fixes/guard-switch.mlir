// A leak whose path takes a cf.switch edge (docs/fixits.md, "A guard from a
// switch"): the switch's selector is an arith.select of an i1 between
// constants, or an extension of an i1, so the edge it takes stands for a
// decision of that i1, which guards the dealloc like the condition of a
// cf.cond_br. The dealloc goes before the switch, which passes the buffer on
// its other edge (cfg seed 12019: no candidate took the switch's condition).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @switch_on_select(%c: i1, %d: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  %r = scf.if %d -> (memref<16xf32>) {
    scf.yield %a : memref<16xf32>
  } else {
    scf.yield %arg : memref<16xf32>
  }
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %k = arith.select %c, %one, %two : i32
  cf.switch %k : i32, [default: ^bb1(%r : memref<16xf32>), 2: ^bb1(%a : memref<16xf32>)]
^bb1(%p: memref<16xf32>):
  return %p : memref<16xf32>
}
// FIXED-LABEL: func.func @switch_on_select(
// FIXED:       {{^}}  %k = arith.select %c, %one, %two : i32{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %d {{{$}}
// FIXED-NEXT:  {{^}}    } else {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  cf.switch %k : i32, [default: ^bb1(%r : memref<16xf32>), 2: ^bb1(%a : memref<16xf32>)]{{$}}

func.func @switch_on_extui(%c: i1, %d: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  %r = scf.if %d -> (memref<16xf32>) {
    scf.yield %a : memref<16xf32>
  } else {
    scf.yield %arg : memref<16xf32>
  }
  %k = arith.extui %c : i1 to i32
  cf.switch %k : i32, [default: ^bb1(%a : memref<16xf32>), 1: ^bb1(%r : memref<16xf32>)]
^bb1(%p: memref<16xf32>):
  return %p : memref<16xf32>
}
// FIXED-LABEL: func.func @switch_on_extui(
// FIXED:       {{^}}  %k = arith.extui %c : i1 to i32{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %d {{{$}}
// FIXED-NEXT:  {{^}}    } else {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  cf.switch %k : i32, [default: ^bb1(%a : memref<16xf32>), 1: ^bb1(%r : memref<16xf32>)]{{$}}
