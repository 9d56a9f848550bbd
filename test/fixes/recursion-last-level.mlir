// A function that allocates, passes the buffer to itself while a counter is
// positive and frees it after the call: at the last level (the counter is
// 0) the buffer is never freed. The recursive calls are explored in place
// (AnalysisOptions::maxRecursionFrames), so the leak is seen and the free
// a fix-it adds is checked at every level; before, the calls below the
// first were modelled by the function's summary, which hid the leak
// (cfg seeds 77040 and 77114, --recursion-ratio 0.3).
// RUN: cp %s %t.mlir
// RUN: not mlir-memlint --checks='-*,lifetime-*' %t.mlir 2>&1 | FileCheck %s --check-prefix=LINT
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// LINT: :[[@LINE+16]]:8: error: buffer '%a' is leaked on every path [lifetime-leak]
// LINT: note: calling '@g'
// LINT: note: calling '@g'
// LINT: note: calling '@g'
// LINT: note: taking the false branch
// MSG: applied 1 fix-it, 0 findings left

// FIXED-LABEL: func.func @g(
// FIXED: memref.dealloc %a
// FIXED-NEXT: } else {
// FIXED-NEXT: memref.dealloc %a
// FIXED-NEXT: }
func.func @g(%n: index, %buf: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %more = arith.cmpi sgt, %n, %c0 : index
  %a = memref.alloc() : memref<16xf32>
  scf.if %more {
    %m = arith.subi %n, %c1 : index
    func.call @g(%m, %a) : (index, memref<16xf32>) -> ()
    memref.dealloc %a : memref<16xf32>
  }
  return
}

func.func @f(%arg: memref<16xf32>) {
  %c2 = arith.constant 2 : index
  func.call @g(%c2, %arg) : (index, memref<16xf32>) -> ()
  return
}
