// Three nested scf.for loops carry a buffer the function does not own (%buf);
// the innermost body's scf.if replaces it by a fresh buffer on some
// iterations (upstream loop_nested_alloc, buffer-deallocation__29 and its
// copies in buffer-hoisting, buffer-loop-hoisting and
// dealloc-region-branchop-interface, test ops replaced). A flag carried with
// the innermost loop alone would restart false at each of its entries, and
// the buffer an earlier iteration of an outer loop allocated would leak
// where it is replaced: each of the loops carries the flag, the inner one
// starting with the outer one's, and yields the inner loop's on; the
// replacing branch frees the carried buffer under it, and the outermost
// loop's result is freed under its flag after its last use.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @loop_nested_alloc(%lb: index, %ub: index, %step: index,
                             %buf: memref<2xf32>, %res: memref<2xf32>) {
  %1 = scf.for %i = %lb to %ub step %step
    iter_args(%iterBuf = %buf) -> memref<2xf32> {
    %2 = scf.for %i2 = %lb to %ub step %step
      iter_args(%iterBuf2 = %iterBuf) -> memref<2xf32> {
      %3 = scf.for %i3 = %lb to %ub step %step
        iter_args(%iterBuf3 = %iterBuf2) -> memref<2xf32> {
        %5 = arith.cmpi eq, %i, %i3 : index
        %6 = scf.if %5 -> (memref<2xf32>) {
          %7 = memref.alloc() : memref<2xf32>
          scf.yield %7 : memref<2xf32>
        } else {
          scf.yield %iterBuf3 : memref<2xf32>
        }
        scf.yield %6 : memref<2xf32>
      }
      scf.yield %3 : memref<2xf32>
    }
    scf.yield %2 : memref<2xf32>
  }
  memref.copy %1, %res : memref<2xf32> to memref<2xf32>
  return
}
// FIXED-LABEL: func.func @loop_nested_alloc(
// FIXED:         %[[TRUE:memlint_repl_true_[0-9_]+]] = arith.constant true
// FIXED-NEXT:    %[[FALSE:memlint_repl_false_[0-9_]+]] = arith.constant false
// FIXED-NEXT:    %1, %[[OWNED1:memlint_repld_[0-9_]+]] = scf.for %i = %lb to %ub step %step
// FIXED-NEXT:      iter_args(%iterBuf = %buf, %[[OWN1:memlint_repl_[0-9_]+]] = %[[FALSE]]) -> (memref<2xf32>, i1) {
// FIXED-NEXT:      %2, %[[OWNED2:memlint_repld_[0-9_]+]] = scf.for %i2 = %lb to %ub step %step
// FIXED-NEXT:        iter_args(%iterBuf2 = %iterBuf, %[[OWN2:memlint_repl_[0-9_]+]] = %[[OWN1]]) -> (memref<2xf32>, i1) {
// FIXED-NEXT:        %3, %[[OWNED3:memlint_repld_[0-9_]+]] = scf.for %i3 = %lb to %ub step %step
// FIXED-NEXT:          iter_args(%iterBuf3 = %iterBuf2, %[[OWN3:memlint_repl_[0-9_]+]] = %[[OWN2]]) -> (memref<2xf32>, i1) {
// FIXED:               %6 = scf.if %5 -> (memref<2xf32>) {
// FIXED-NEXT:            scf.if %[[OWN3]] {
// FIXED-NEXT:              memref.dealloc %iterBuf3 : memref<2xf32>
// FIXED-NEXT:            }
// FIXED-NEXT:            %7 = memref.alloc() : memref<2xf32>
// FIXED-NEXT:            scf.yield %7 : memref<2xf32>
// FIXED:               %[[NEXT:memlint_repl_next_[0-9_]+]] = arith.select %5, %[[TRUE]], %[[OWN3]] : i1
// FIXED-NEXT:          scf.yield %6, %[[NEXT]] : memref<2xf32>, i1
// FIXED-NEXT:        }
// FIXED-NEXT:        scf.yield %3, %[[OWNED3]] : memref<2xf32>, i1
// FIXED-NEXT:      }
// FIXED-NEXT:      scf.yield %2, %[[OWNED2]] : memref<2xf32>, i1
// FIXED-NEXT:    }
// FIXED-NEXT:    memref.copy %1, %res : memref<2xf32> to memref<2xf32>
// FIXED-NEXT:    scf.if %[[OWNED1]] {
// FIXED-NEXT:      memref.dealloc %1 : memref<2xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return
