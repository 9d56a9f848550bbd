// A buffer still used in a join through its own name (an scf.if result),
// which one edge into the join hands to the argument the function returns
// and the other does not (cfg seed 15173): freeing it on the edge would
// free it before that use, and freeing it in the join always would free
// what the function returns. The join gets a flag, true on the edges that
// do not hand it on, and frees it under that flag after its last use.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f(%c1: i1, %c4: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %i0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %r = scf.if %c1 -> (memref<16xf32>) {
    scf.yield %arg : memref<16xf32>
  } else {
    scf.yield %a : memref<16xf32>
  }
  cf.cond_br %c4, ^fresh, ^join(%a : memref<16xf32>)
^fresh:
  %b = memref.alloc() : memref<16xf32>
  cf.br ^join(%b : memref<16xf32>)
^join(%p: memref<16xf32>):
  memref.store %zero, %r[%i0] : memref<16xf32>
  return %p : memref<16xf32>
}
// FIXED-LABEL: func.func @f(
// FIXED:         cf.cond_br %c4, ^fresh, ^join(%a, %memlint_keep_false_{{[0-9]+}} : memref<16xf32>, i1)
// FIXED:         cf.br ^join(%b, %memlint_keep_true_{{[0-9]+}} : memref<16xf32>, i1)
// FIXED-NEXT:  ^join(%p: memref<16xf32>, %[[KEEP:memlint_keep_[0-9]+]]: i1):
// FIXED-NEXT:    memref.store %zero, %r[%i0] : memref<16xf32>
// FIXED-NEXT:    scf.if %[[KEEP]] {
// FIXED-NEXT:      memref.dealloc %a : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %p : memref<16xf32>
