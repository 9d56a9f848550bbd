// The argument of a CFG loop's header that holds the buffer of the round
// before, whose back-edge shares its branch with the exit: freed under its
// ownership flag on the edge back, in a new block, and after its last use
// where the loop is left. The switch case that would hand it to the
// returned argument is never taken, so the return does not keep it
// (cfg seed 69092).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

// FIXED-LABEL: func.func @f(
// FIXED: ^bb28(%fuel33: index, %p34: i1, %p35: memref<16xf32>, [[OWN:%memlint_own_[0-9]+_2]]: i1):
// FIXED: cf.cond_br %more88, [[BACK:\^memlint_back_[0-9]+_0]], ^bb31(%fuel41, %a80, %p43 : index, memref<16xf32>, i1)
// FIXED-NEXT: [[BACK]]:
// FIXED-NEXT: scf.if [[OWN]] {
// FIXED-NEXT: memref.dealloc %p35 : memref<16xf32>
// FIXED-NEXT: }
// FIXED-NEXT: cf.br ^bb28(%fuel89, %b83, %a80, %memlint_true_{{[0-9]+}} : index, i1, memref<16xf32>, i1)
// FIXED: memref.store %cst91, %p37[%cst90] : memref<16xf32>
// FIXED-NEXT: scf.if [[OWN]] {
// FIXED-NEXT: memref.dealloc %p35 : memref<16xf32>
// FIXED-NEXT: }
// FIXED-NEXT: return %p45 : memref<16xf32>
func.func @f(%c0: i1, %c1: i1, %c2: i1, %arg: memref<16xf32>) -> (memref<16xf32>) {
  %cst47 = arith.constant 2 : index
  cf.br ^bb28(%cst47, %c1, %arg : index, i1, memref<16xf32>)
^bb28(%fuel33: index, %p34: i1, %p35: memref<16xf32>):
  %cst74 = arith.constant 0 : i32
  %cst75 = arith.constant 1 : i32
  %k73 = arith.select %c1, %cst74, %cst75 : i32
  %cst76 = arith.constant true
  %cst79 = arith.constant false
  %a80 = memref.alloc() : memref<16xf32>
  cf.switch %k73 : i32, [default: ^bb29(%fuel33, %arg, %c0 : index, memref<16xf32>, i1), 0: ^bb29(%fuel33, %p35, %cst79 : index, memref<16xf32>, i1), 2: ^bb29(%fuel33, %a80, %c0 : index, memref<16xf32>, i1)]
^bb29(%fuel36: index, %p37: memref<16xf32>, %p38: i1):
  %b83 = arith.select %p34, %p38, %c1 : i1
  %k84 = arith.extui %p34 : i1 to i32
  cf.switch %k84 : i32, [default: ^bb30(%fuel36, %p35, %p38 : index, memref<16xf32>, i1), 2: ^bb31(%fuel36, %p37, %cst76 : index, memref<16xf32>, i1)]
^bb30(%fuel41: index, %p42: memref<16xf32>, %p43: i1):
  %cst85 = arith.constant 0 : index
  %cst87 = arith.constant 1 : index
  %more88 = arith.cmpi sgt, %fuel41, %cst85 : index
  %fuel89 = arith.subi %fuel41, %cst87 : index
  cf.cond_br %more88, ^bb28(%fuel89, %b83, %a80 : index, i1, memref<16xf32>), ^bb31(%fuel41, %a80, %p43 : index, memref<16xf32>, i1)
^bb31(%fuel44: index, %p45: memref<16xf32>, %p46: i1):
  %cst90 = arith.constant 0 : index
  %cst91 = arith.constant 0.0 : f32
  memref.store %cst91, %p37[%cst90] : memref<16xf32>
  return %p45 : memref<16xf32>
}
