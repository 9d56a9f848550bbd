// A dealloc in an scf.if in an scf.for body, on the second and later
// iterations, of a value that an scf.if before the loop makes the
// function's own buffer or its argument (a double free and an invalid
// free). Moved after the loop alone it frees the argument; guarded alone
// it still frees the buffer on every iteration: the dealloc goes after the
// loop, under the condition that makes it the function's own buffer (gen
// seed 52100).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

// FIXED-LABEL: func.func @f(
// FIXED:         scf.if %it6 {
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.yield
// FIXED-NEXT:  }
// FIXED:         scf.if %c1 {
// FIXED-NEXT:      memref.dealloc %r1 : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return
func.func @f(%c1: i1, %arg: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %true = arith.constant true
  %false = arith.constant false
  %r1 = scf.if %c1 -> (memref<16xf32>) {
    %a2 = memref.alloc() : memref<16xf32>
    scf.yield %a2 : memref<16xf32>
  } else {
    scf.yield %arg : memref<16xf32>
  }
  %r7, %r8 = scf.for %iv4 = %i0 to %i3 step %i1 iter_args(%it5 = %arg, %it6 = %false) -> (memref<16xf32>, i1) {
    %a9 = memref.alloc() : memref<16xf32>
    scf.if %it6 {
      memref.dealloc %r1 : memref<16xf32>
    }
    scf.yield %a9, %true : memref<16xf32>, i1
  }
  return
}
