// A loop's body frees its carried buffer in one case of an scf.index_switch,
// yields a buffer of before the loop instead in another, and passes it on in
// the default (cfg seed 51079, reduced). Each iteration carries its own
// buffer to the next, which drops it in case 1: the loop-carried flag frees
// it there, under the flag (the first iteration's is the init value, which
// case 1 yields), and not after its last use in the body, which would free
// it again where case 0 did.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f(%c0: i1) {
  %a34 = memref.alloc() : memref<16xf32>
  %cst35 = arith.constant 0 : index
  %cst36 = arith.constant 2 : index
  %cst37 = arith.constant 1 : index
  %r50 = scf.for %iv39 = %cst35 to %cst36 step %cst37 iter_args(%it40 = %a34) -> (memref<16xf32>) {
    %k42 = arith.extui %c0 : i1 to i32
    %ix43 = arith.index_cast %k42 : i32 to index
    %r47 = scf.index_switch %ix43 -> memref<16xf32>
    case 0 {
      memref.dealloc %it40 : memref<16xf32>
      %a46 = memref.alloc() : memref<16xf32>
      scf.yield %a46 : memref<16xf32>
    }
    case 1 {
      scf.yield %a34 : memref<16xf32>
    }
    default {
      %x44 = memref.load %it40[%cst35] : memref<16xf32>
      scf.yield %it40 : memref<16xf32>
    }
    %cst48 = arith.constant 0.0 : f32
    memref.store %cst48, %r47[%cst35] : memref<16xf32>
    scf.if %c0 {
    } else {
      memref.dealloc %r47 : memref<16xf32>
    }
    %a49 = memref.alloc() : memref<16xf32>
    scf.yield %a49 : memref<16xf32>
  }
  memref.dealloc %r50 : memref<16xf32>
  scf.if %c0 {
    memref.dealloc %a34 : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @f(
// FIXED-NEXT:    %[[TRUE:memlint_true_[0-9]+]] = arith.constant true
// FIXED-NEXT:    %[[FALSE:memlint_false_[0-9]+]] = arith.constant false
// FIXED:         %r50, %[[OWNED:memlint_owned_[0-9]+]] = scf.for %iv39 = %cst35 to %cst36 step %cst37 iter_args(%it40 = %a34, %[[OWN:memlint_own_[0-9]+]] = %[[FALSE]]) -> (memref<16xf32>, i1) {
// FIXED:           case 0 {
// FIXED-NEXT:        memref.dealloc %it40 : memref<16xf32>
// FIXED-NOT:         memref.dealloc
// FIXED:           case 1 {
// FIXED-NEXT:        scf.if %[[OWN]] {
// FIXED-NEXT:          memref.dealloc %it40 : memref<16xf32>
// FIXED-NEXT:        }
// FIXED-NEXT:        scf.yield %a34 : memref<16xf32>
// FIXED-NEXT:      }
// FIXED-NEXT:      default {
// FIXED-NOT:         memref.dealloc %it40
// FIXED:             memref.dealloc %r47 : memref<16xf32>
// FIXED-NEXT:      }
// FIXED-NEXT:      %a49 = memref.alloc() : memref<16xf32>
// FIXED-NEXT:      scf.yield %a49, %[[TRUE]] : memref<16xf32>, i1
// FIXED-NEXT:    }
// FIXED-NEXT:    memref.dealloc %r50 : memref<16xf32>
