// The CFG form of a loop whose iterations hand on a fresh buffer or one of
// the entry block's (upstream dealloc-unstructured-cf-loops,
// loop_nested_if_alloc): the loop's block argument is returned after the
// loop. Flags passed from block to block free the fresh buffer on the edge
// into the next iteration, not where the return still needs it, and other
// flags say whether the returned value is the entry block's buffer, which
// is freed before the return unless it is.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @cfg_loop(%lb: index, %ub: index, %step: index, %buf: memref<2xf32>) -> memref<2xf32> {
  %outer = memref.alloc() : memref<2xf32>
  cf.br ^check(%lb, %buf : index, memref<2xf32>)
^check(%i: index, %cur: memref<2xf32>):
  %more = arith.cmpi slt, %i, %ub : index
  cf.cond_br %more, ^pick, ^exit
^pick:
  %fresh = arith.cmpi eq, %i, %ub : index
  cf.cond_br %fresh, ^then, ^else
^then:
  %a = memref.alloc() : memref<2xf32>
  cf.br ^join(%a : memref<2xf32>)
^else:
  cf.br ^join(%outer : memref<2xf32>)
^join(%next: memref<2xf32>):
  %j = arith.addi %i, %step : index
  cf.br ^check(%j, %next : index, memref<2xf32>)
^exit:
  return %cur : memref<2xf32>
}
// FIXED-LABEL: func.func @cfg_loop(
// FIXED:         cf.cond_br %more, ^[[EDGE:memlint_chain_[0-9_]+]], ^exit
// FIXED-NEXT:  ^[[EDGE]]:
// FIXED-NEXT:    scf.if %[[OWN:memlint_own_[0-9]+_check_1]] {
// FIXED-NEXT:      memref.dealloc %cur : memref<2xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    cf.br ^pick
// FIXED:       ^exit:
// FIXED-NEXT:    scf.if %[[HAS:memlint_has_[0-9]+_check_1]] {
// FIXED-NEXT:    } else {
// FIXED-NEXT:      memref.dealloc %outer : memref<2xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %cur : memref<2xf32>
