// When no fix-it --fix picked helps alone, each fix-it their edits pushed
// out is tried alone too: here the loop-invariant alloc's hoist (the first
// by offset) would leave a late dealloc, and its dealloc after the loop
// touches the leak's, which goes after its last use, in the loop (cfg seed
// 66131, where --fix applied nothing and left the leak).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*,perf-loop-invariant-alloc,perf-late-dealloc' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*,perf-loop-invariant-alloc,perf-late-dealloc' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 1 finding left (1 warning)

func.func @f() {
  %a0 = memref.alloc() : memref<16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%w = %c0) : (index) -> (index) {
    %a1 = memref.alloc() : memref<16xf32>
    %ok = arith.cmpi slt, %w, %c1 : index
    memref.dealloc %a1 : memref<16xf32>
    scf.condition(%ok) %w : index
  } do {
  ^bb0(%y: index):
    %a2 = memref.alloc() : memref<16xf32>
    %x = memref.load %a0[%c0] : memref<16xf32>
    %n = arith.addi %y, %c1 : index
    memref.dealloc %a2 : memref<16xf32>
    scf.yield %n : index
  }
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:         %a1 = memref.alloc() : memref<16xf32>
// FIXED:           memref.dealloc %a2 : memref<16xf32>
// FIXED-NEXT:      scf.yield %n : index
// FIXED-NEXT:    }
// FIXED-NEXT:    memref.dealloc %a0 : memref<16xf32>
// FIXED-NEXT:    return
