// One free causes two double frees: the loop body frees its own buffer,
// which it then yields, so the next iteration's free of the iter_arg and
// the free of the loop's result after it free it again. The deletion of the
// first free fixes both; the finding that ranks it highest (the later one)
// has it after the deletion of its own free, which fixes that finding
// alone and is kept. The other finding keeps the shared fix-it last, and
// the validation tries it since no finding of the cause holds it (gen seed
// 35088, reduced by a helper: the shared fix-it was dropped, and the first
// free stayed; docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %true = arith.constant true
  %init = memref.alloc() : memref<16xf32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%held = %init) -> (memref<16xf32>) {
    %new = memref.alloc() : memref<16xf32>
    memref.dealloc %new : memref<16xf32>
    scf.if %true {
      memref.dealloc %held : memref<16xf32>
    }
    scf.yield %new : memref<16xf32>
  }
  memref.dealloc %r : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:      {{^}}    %new = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if %true {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %held : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    scf.yield %new : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %r : memref<16xf32>{{$}}
