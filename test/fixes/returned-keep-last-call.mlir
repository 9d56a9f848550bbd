// A buffer the function returns is freed on every path that runs: by a
// dealloc in one branch and by a helper in the other. The helper is also
// called in a branch that never runs (its condition is the negation of the
// enclosing one). Deleting every free of the buffer, that call too, leaves
// the helper without a caller, and its own free becomes an invalid one; the
// candidate that keeps that last call (on a path that never runs) is the
// valid one (gen seed 37067, reduced; docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @g_free(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}
func.func @f(%c: i1) -> memref<16xf32> {
  %true = arith.constant true
  %a = memref.alloc() : memref<16xf32>
  scf.if %c {
    %not = arith.xori %c, %true : i1
    scf.if %not {
      func.call @g_free(%a) : (memref<16xf32>) -> ()
    }
    memref.dealloc %a : memref<16xf32>
  } else {
    func.call @g_free(%a) : (memref<16xf32>) -> ()
  }
  return %a : memref<16xf32>
}
// FIXED-LABEL: func.func @f(
// FIXED:      {{^}}    scf.if %not {{{$}}
// FIXED-NEXT: {{^}}      func.call @g_free(%a) : (memref<16xf32>) -> (){{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %a : memref<16xf32>{{$}}
