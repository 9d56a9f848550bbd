// The summary of --fix counts the findings left as the lint summary does,
// by level (most warnings are perf findings, which --fix leaves), and the
// ones NOLINT suppresses apart.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --fix %t.mlir 2>&1 | FileCheck %s
// CHECK: applied 1 fix-it, 1 finding left (1 warning); 1 suppressed by NOLINT
// CHECK: warning: buffer '%b' (256 bytes) could reuse the storage of '%a'
// CHECK: mlir-memlint: 1 warning in 1 file; 1 suppressed by NOLINT
// RUN: cp %s %t.err.mlir

func.func @f() {
  %a = memref.alloc() : memref<64xf32>
  %z = arith.constant 0.0 : f32
  linalg.fill ins(%z : f32) outs(%a : memref<64xf32>)
  memref.dealloc %a : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  linalg.fill ins(%z : f32) outs(%b : memref<64xf32>)
  memref.dealloc %b : memref<64xf32>
  %c = memref.alloc() : memref<8xf32>
  %d = memref.alloc() : memref<8xf32> // NOLINT(lifetime-leak)
  return
}
