// A dealloc in an scf.for body of the init value of one of its iter_args,
// under the iter_arg's ownership flag: from the second iteration on, the
// iteration holds another buffer (which leaks) and the init value is freed
// again. The dealloc frees the iter_arg, what the iteration holds, instead
// (gen seed 9190).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @owned_iter(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %a = memref.alloc() : memref<16xf32>
  %r, %own = scf.for %i = %c0 to %n step %c1 iter_args(%it = %a, %f = %true) -> (memref<16xf32>, i1) {
    %b = memref.alloc() : memref<16xf32>
    memref.copy %it, %b : memref<16xf32> to memref<16xf32>
    %r1, %f1 = scf.if %c -> (memref<16xf32>, i1) {
      memref.dealloc %b : memref<16xf32>
      scf.yield %it, %f : memref<16xf32>, i1
    } else {
      scf.if %f {
        memref.dealloc %a : memref<16xf32>
      }
      scf.yield %b, %true : memref<16xf32>, i1
    }
    scf.yield %r1, %f1 : memref<16xf32>, i1
  }
  scf.if %own {
    memref.dealloc %r : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @owned_iter(
// FIXED:       {{^}}      scf.if %f {{{$}}
// FIXED-NEXT:  {{^}}        memref.dealloc %it : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}      }{{$}}
