// A CFG loop whose scf.if yields this iteration's buffer (passed to the next
// iteration) and the last iteration's (passed on to the exit) when %c5 holds,
// and the function argument otherwise (cfg seed 52076, reduced). Where the
// last reference is lost, both results of the scf.if hold a buffer when %c5
// is true: a dealloc of each result of the op under that guard (a dealloc of
// one of them leaves the other's leak).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @f(%c3: i1, %c4: i1, %c5: i1, %arg: memref<16xf32>) -> (memref<16xf32>) {
  %cst0 = arith.constant 0 : index
  %cst1 = arith.constant 1 : index
  %r133 = scf.execute_region -> (i1) {
    cf.br ^bb109(%cst1, %arg : index, memref<16xf32>)
  ^bb109(%fuel111: index, %p112: memref<16xf32>):
    %r125, %r126 = scf.if %c5 -> (memref<16xf32>, memref<16xf32>) {
      %x = memref.load %p112[%cst0] : memref<16xf32>
      %a124 = memref.alloc() : memref<16xf32>
      scf.yield %a124, %p112 : memref<16xf32>, memref<16xf32>
    } else {
      scf.yield %arg, %p112 : memref<16xf32>, memref<16xf32>
    }
    %more127 = arith.cmpi sgt, %fuel111, %cst0 : index
    %fuel128 = arith.subi %fuel111, %cst1 : index
    cf.cond_br %more127, ^bb109(%fuel128, %r125 : index, memref<16xf32>), ^bb110(%r126 : memref<16xf32>)
  ^bb110(%p118: memref<16xf32>):
    %a132 = memref.alloc() : memref<16xf32>
    scf.if %c3 {
      memref.dealloc %a132 : memref<16xf32>
      scf.yield
    }
    scf.yield %c4 : i1
  }
  %a135 = memref.alloc() : memref<16xf32>
  return %a135 : memref<16xf32>
}

// FIXED:      ^bb{{[0-9]+}}(%p118: memref<16xf32>):
// FIXED:        scf.if %c5 {
// FIXED-NEXT:     memref.dealloc %r125 : memref<16xf32>
// FIXED-NEXT:     memref.dealloc %r126 : memref<16xf32>
// FIXED-NEXT:   }
// FIXED-NEXT:   scf.yield %c4 : i1
