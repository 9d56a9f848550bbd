// A loop whose iterations yield a fresh buffer or one allocated before it,
// as an scf.if in the body decides (upstream buffer-deallocation tests,
// loop_nested_if_alloc): the fresh buffer of an iteration leaks when the
// next one replaces it, and the one of before the loop when the loop does
// not return it. Two flags carried with the loop: whether the carried
// buffer is the loop's own (freed by the next iteration), and whether the
// loop's value is the buffer of before it (freed after the loop if not).
// And a loop-carried flag whose result is used in a later block only (cfg
// seed 17054): the result is freed under it there, after that use.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 3 fix-its, 0 findings left

func.func @nested_if_alloc(%lb: index, %ub: index, %step: index,
                           %buf: memref<2xf32>) -> memref<2xf32> {
  %0 = memref.alloc() : memref<2xf32>
  %1 = scf.for %i = %lb to %ub step %step
      iter_args(%carried = %buf) -> memref<2xf32> {
    %fresh = arith.cmpi eq, %i, %ub : index
    %next = scf.if %fresh -> (memref<2xf32>) {
      %a = memref.alloc() : memref<2xf32>
      scf.yield %a : memref<2xf32>
    } else {
      scf.yield %0 : memref<2xf32>
    }
    scf.yield %next : memref<2xf32>
  }
  return %1 : memref<2xf32>
}
// FIXED-LABEL: func.func @nested_if_alloc(
// FIXED:         %1, %[[YIELDED:memlint_yielded_[0-9_]+]], %[[OWNED:memlint_owned_[0-9]+]] = scf.for %i = %lb to %ub step %step
// FIXED-NEXT:        iter_args(%carried = %buf, %[[YIELDS:memlint_yields_[0-9_]+]] = %memlint_yields_false_{{[0-9_]+}}, %[[OWN:memlint_own_[0-9]+]] = %memlint_false_{{[0-9]+}}) -> (memref<2xf32>, i1, i1) {
// FIXED-NEXT:      scf.if %[[OWN]] {
// FIXED-NEXT:        memref.dealloc %carried : memref<2xf32>
// FIXED-NEXT:      }
// FIXED:           %[[NOT:memlint_yields_not_[0-9_]+]] = arith.xori %fresh, %memlint_yields_true_{{[0-9_]+}} : i1
// FIXED-NEXT:      scf.yield %next, %[[NOT]], %fresh : memref<2xf32>, i1, i1
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.if %[[YIELDED]] {
// FIXED-NEXT:    } else {
// FIXED-NEXT:      memref.dealloc %0 : memref<2xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %1 : memref<2xf32>

func.func @use(%m: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %v = memref.load %m[%i0] : memref<16xf32>
  return
}

func.func @result_used_later(%arg: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r, %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %arg, %y = %arg) -> (memref<16xf32>, memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    scf.yield %a, %arg : memref<16xf32>, memref<16xf32>
  }
  cf.br ^next
^next:
  func.call @use(%r) : (memref<16xf32>) -> ()
  return
}
// FIXED-LABEL: func.func @result_used_later(
// FIXED:         %r, %s, %[[OWNED:memlint_owned_[0-9]+]] = scf.for
// FIXED:       ^next:
// FIXED-NEXT:    func.call @use(%r) : (memref<16xf32>) -> ()
// FIXED-NEXT:    scf.if %[[OWNED]] {
// FIXED-NEXT:      memref.dealloc %r : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return
