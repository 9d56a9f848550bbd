// In a round of --fix, complete fix-its go before those that repair a leak
// in part: here the partial one of %a10 (a dealloc in the empty scf.if %c3)
// and the complete one of %a6 fail together, and the partial one, first in
// the text, used to be kept alone, leaving the leak of %a10 for good. Also
// needs the aliases of an scf.for by position: the leak of %r12 is freed
// through %r12, not %r13 (cfg seed 21118, reduced by a helper)
// (docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 4 fix-its, 0 findings left

func.func @f(%c3: i1, %c4: i1, %arg: memref<16xf32>) {
  %cst3 = arith.constant 0 : index
  %cst4 = arith.constant 2 : index
  %cst5 = arith.constant 1 : index
  %a6 = memref.alloc() : memref<16xf32>
  %r12, %r13 = scf.for %iv7 = %cst3 to %cst4 step %cst5 iter_args(%it8 = %a6, %it9 = %arg) -> (memref<16xf32>, memref<16xf32>) {
    %a10 = memref.alloc() : memref<16xf32>
    scf.if %c3 {
    }
    %a11 = memref.alloc() : memref<16xf32>
    scf.yield %a10, %a11 : memref<16xf32>, memref<16xf32>
  }
  scf.if %c4 {
    memref.dealloc %r12 : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:      {{^}}  scf.if %c4 {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %r12 : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %r12 : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a6 : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
