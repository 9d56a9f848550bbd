// A guarded dealloc is no candidate in a block that only the edge of a
// cf.cond_br on which its condition is false reaches: at the exit of a CFG
// loop on %more, `scf.if %more { memref.dealloc }` never runs (cfg seed
// 27114, where such dead deallocs passed as repairs in part and each --fix
// added more of them) (docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @f(%c: i1, %d: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %b = memref.alloc() : memref<16xf32>
  cf.cond_br %c, ^bb1(%c1, %arg : index, memref<16xf32>), ^bb1(%c1, %b : index, memref<16xf32>)
^bb1(%i: index, %p: memref<16xf32>):
  %s = arith.select %d, %p, %b : memref<16xf32>
  %more = arith.cmpi sgt, %i, %c0 : index
  %i1 = arith.subi %i, %c1 : index
  cf.cond_br %more, ^bb1(%i1, %p : index, memref<16xf32>), ^bb2
^bb2:
  %t = arith.select %c, %s, %arg : memref<16xf32>
  return %t : memref<16xf32>
}
// FIXED-LABEL: func.func @f(
// FIXED:      {{^}}^bb2:{{$}}
// FIXED-NEXT: {{^}}  %t = arith.select %c, %s, %arg : memref<16xf32>{{$}}
// FIXED-NOT:  scf.if %more
// FIXED:      {{^}}  return %t : memref<16xf32>{{$}}
