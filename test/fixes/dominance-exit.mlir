// A buffer lost past the blocks its allocation dominates: the join after
// them only sees it through a block argument that holds another buffer on
// the leaking path, so no dealloc there can name it. It is freed at the end
// of the last block that sees its own name (after its last use there),
// under the flag or branch decision that says the path leaks it (cfg seed
// 14139).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

// FIXED-LABEL: func.func @exit_join(
// FIXED:         %x = memref.load %a[%i0] : memref<16xf32>
// FIXED-NEXT:    scf.if %c {
// FIXED-NEXT:      memref.dealloc %a : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    cf.br ^bb4(%p : memref<16xf32>)
func.func @exit_join(%c: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %i0 = arith.constant 0 : index
  cf.cond_br %c, ^bb1, ^bb3
^bb1:
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %c, ^bb2(%arg : memref<16xf32>), ^bb2(%a : memref<16xf32>)
^bb2(%p: memref<16xf32>):
  %x = memref.load %a[%i0] : memref<16xf32>
  cf.br ^bb4(%p : memref<16xf32>)
^bb3:
  cf.br ^bb4(%arg : memref<16xf32>)
^bb4(%q: memref<16xf32>):
  %b = memref.alloc() : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return %q : memref<16xf32>
}
