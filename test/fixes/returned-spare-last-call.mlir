// The only call of a helper that frees its argument frees the buffer the
// function returns, and the function allocates nothing else it could free
// instead. Deleting the call would make the helper's free an invalid one
// (it would have no caller that owns what it frees); the call frees a new
// buffer of the same type, allocated just before it (gen seed 76098;
// docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @g_free(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}
func.func @f() -> memref<16xf32> {
  %a1 = memref.alloc() : memref<16xf32>
  func.call @g_free(%a1) : (memref<16xf32>) -> ()
  return %a1 : memref<16xf32>
}
// FIXED-LABEL: func.func @f(
// FIXED-NEXT: {{^}}  %a1 = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  [[SPARE:%memlint_spare_[0-9]+]] = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  func.call @g_free([[SPARE]]) : (memref<16xf32>) -> (){{$}}
// FIXED-NEXT: {{^}}  return %a1 : memref<16xf32>{{$}}
