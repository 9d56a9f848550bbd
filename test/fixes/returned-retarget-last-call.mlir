// A buffer the function returns is freed in one branch by the only call of
// a helper that frees its argument (and again by a dealloc), while another
// buffer leaks in that branch. Deleting the call leaves the helper without
// a caller, and its own free becomes an invalid one; keeping it keeps the
// use after free. The call frees the leaking buffer instead, as a dealloc
// of the returned buffer becomes one of the leaking buffer: one edit fixes
// the leak, the double free and the use after free (gen seed 67037,
// reduced; docs/fixits.md).
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
  %a1 = memref.alloc() : memref<16xf32>
  %a2 = memref.alloc() : memref<16xf32>
  scf.if %c {
    func.call @g_free(%a2) : (memref<16xf32>) -> ()
    memref.dealloc %a2 : memref<16xf32>
  } else {
    memref.dealloc %a1 : memref<16xf32>
  }
  return %a2 : memref<16xf32>
}
// FIXED-LABEL: func.func @f(
// FIXED:      {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    func.call @g_free(%a1) : (memref<16xf32>) -> (){{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %a1 : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %a2 : memref<16xf32>{{$}}
