// A leak on one path that three branch decisions single out (docs/fixits.md,
// "the whole path"; reduced from cfg seed 29075 by a helper). %b is freed
// where %c1 is false (the first round's fix-it) and where %c4 is true and
// %c0 false (the nested scf.if, through %q); it is lost where %c1 is true,
// %c4 false and %c0 false. No guard and no pair of guards says so: each
// pair frees it twice or before it is returned. The three at once do.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: 0 findings left

func.func @f(%c0: i1, %c1: i1, %c4: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  cf.cond_br %c0, ^bb1(%b, %a : memref<16xf32>, memref<16xf32>), ^bb1(%arg, %b : memref<16xf32>, memref<16xf32>)
^bb1(%p: memref<16xf32>, %q: memref<16xf32>):
  %r0, %r1 = scf.if %c1 -> (memref<16xf32>, memref<16xf32>) {
    scf.if %c4 {
      memref.dealloc %q : memref<16xf32>
    }
    scf.yield %a, %p : memref<16xf32>, memref<16xf32>
  } else {
    scf.yield %q, %a : memref<16xf32>, memref<16xf32>
  }
  return %r1 : memref<16xf32>
}
// FIXED-LABEL: func.func @f(
// FIXED:       {{^}}  scf.if %c1 {{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %b : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c1 {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %c4 {{{$}}
// FIXED-NEXT:  {{^}}    } else {{{$}}
// FIXED-NEXT:  {{^}}      scf.if %c0 {{{$}}
// FIXED-NEXT:  {{^}}      } else {{{$}}
// FIXED-NEXT:  {{^}}        memref.dealloc %b : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}      }{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED:       {{^}}  return %r1 : memref<16xf32>{{$}}
