// A select returned after one of its buffers was freed on some path, where
// the free site deallocates the result of a call of a function that returns
// its argument (docs/fixits.md, "A returned select"): that dealloc frees %b,
// so it runs only when %s does not hold %b; the dealloc of %b under the
// select's condition, a double free, goes (generator seed 64086).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @id(%m: memref<16xf32>) -> memref<16xf32> {
  return %m : memref<16xf32>
}

// FIXED-LABEL: func.func @pick(
// FIXED: %s = arith.select %c, %a, %b
// FIXED-NEXT: %r = func.call @id(%b)
// FIXED-NEXT: scf.if %c {
// FIXED-NEXT: memref.dealloc %r : memref<16xf32>
// FIXED-NEXT: }
// FIXED-NEXT: scf.if %c {
// FIXED-NEXT: } else {
// FIXED-NEXT: memref.dealloc %a : memref<16xf32>
// FIXED-NEXT: }
// FIXED-NEXT: return %s
func.func @pick(%c: i1) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %a, %b : memref<16xf32>
  %r = func.call @id(%b) : (memref<16xf32>) -> memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  scf.if %c {
    memref.dealloc %b : memref<16xf32>
  } else {
    memref.dealloc %a : memref<16xf32>
  }
  return %s : memref<16xf32>
}
