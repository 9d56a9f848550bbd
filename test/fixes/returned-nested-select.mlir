// A select returned after the buffers it may hold were freed, where the
// selects nest so that no single condition says which buffer it holds
// (docs/fixits.md, "stop freeing what a returned select holds"; generator
// seed 7130): each free site runs only when what it frees is not what the
// function returns, an i1 computed from the selects' conditions with
// arith.select just before it.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

// %s holds %b when %c or %d, else %a; %a is freed when %c, %b when not.
func.func @nested(%c: i1, %d: i1) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %inner = arith.select %d, %b, %a : memref<16xf32>
  %s = arith.select %c, %b, %inner : memref<16xf32>
  scf.if %c {
    memref.dealloc %a : memref<16xf32>
  } else {
    memref.dealloc %b : memref<16xf32>
  }
  return %s : memref<16xf32>
}
// The free of %a under %c: %s is %b there, but the i1 does not know it; the
// one of %b: %s is %b when %d, and the leak of %a that the guard leaves
// then gets the same guard.
// FIXED-LABEL: func.func @nested(
// FIXED:       {{^}}  %s = arith.select %c, %b, %inner : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c {{{$}}
// FIXED-NEXT:  {{^}}    %[[F:memlint_same_[0-9]+_f]] = arith.constant false{{$}}
// FIXED-NEXT:  {{^}}    %[[T:memlint_same_[0-9]+_t]] = arith.constant true{{$}}
// FIXED-NEXT:  {{^}}    %[[N:memlint_same_[0-9]+_0]] = arith.select %d, %[[F]], %[[T]] : i1{{$}}
// FIXED-NEXT:  {{^}}    %[[A:memlint_same_[0-9]+_1]] = arith.select %c, %[[F]], %[[N]] : i1{{$}}
// FIXED-NEXT:  {{^}}    scf.if %[[A]] {{{$}}
// FIXED-NEXT:  {{^}}    } else {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    %[[T2:memlint_same_[0-9]+_t]] = arith.constant true{{$}}
// FIXED-NEXT:  {{^}}    %[[B:memlint_same_[0-9]+_0]] = arith.select %c, %[[T2]], %d : i1{{$}}
// FIXED-NEXT:  {{^}}    scf.if %[[B]] {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    } else {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %b : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  return %s : memref<16xf32>{{$}}
