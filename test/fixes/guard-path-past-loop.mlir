// A leak on one path that three branch decisions single out, after a CFG
// loop whose exit condition the path decides both ways (docs/fixits.md, "the
// whole path"; reduced from cfg seed 72006 by a helper). %a is returned where
// %c1 and %c0 are true, freed by ^bb4 where %c1 and %c2 are false, and lost
// otherwise. The first two rounds free it where %c0 is false and %c2 true and
// where %c0 and %c2 are true and %c1 false; it is left where %c1 is true and
// %c0 and %c2 false, through the loop: %more, true then false, is not visible
// at the return and is left out of the path's decisions, not a reason to try
// none of them.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: 0 findings left

func.func @f(%c0: i1, %c1: i1, %c2: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %fuel = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.if %c2 {
  }
  cf.cond_br %c1, ^bb2(%fuel, %arg : index, memref<16xf32>), ^bb4(%a : memref<16xf32>)
^bb1(%n: index):
  %sel = arith.select %c0, %a, %p : memref<16xf32>
  %more = arith.cmpi sgt, %n, %zero : index
  %next = arith.subi %n, %one : index
  cf.cond_br %more, ^bb1(%next : index), ^bb5(%sel : memref<16xf32>)
^bb2(%m: index, %p: memref<16xf32>):
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  cf.br ^bb1(%m : index)
^bb4(%q: memref<16xf32>):
  scf.if %c2 {
  } else {
    memref.dealloc %q : memref<16xf32>
  }
  cf.br ^bb5(%arg : memref<16xf32>)
^bb5(%r: memref<16xf32>):
  scf.if %c2 {
  }
  return %r : memref<16xf32>
}
// FIXED-LABEL: func.func @f(
// FIXED:       {{^}}^bb5(%r: memref<16xf32>):{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c2 {{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c0 {{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %c2 {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c0 {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %c2 {{{$}}
// FIXED-NEXT:  {{^}}      scf.if %c1 {{{$}}
// FIXED-NEXT:  {{^}}      } else {{{$}}
// FIXED-NEXT:  {{^}}        memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}      }{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c0 {{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %c2 {{{$}}
// FIXED-NEXT:  {{^}}    } else {{{$}}
// FIXED-NEXT:  {{^}}      scf.if %c1 {{{$}}
// FIXED-NEXT:  {{^}}        memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}      }{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  return %r : memref<16xf32>{{$}}
