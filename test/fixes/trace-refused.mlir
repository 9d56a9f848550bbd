// With MEMLINT_TRACE_FIXES set, each candidate fix-it refused is named on
// stderr with its edits and what its re-lint alone left: the errors of the
// edited text (its lines), which say why it was refused.
// RUN: not env MEMLINT_TRACE_FIXES=1 mlir-memlint --checks='-*,lifetime-*' --fix-dry-run %s 2>&1 | FileCheck %s

func.func @f(%n: index) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %cst = arith.constant 1.000000e+00 : f32
  %a1 = memref.alloc() : memref<16xf32>
  %r4 = scf.for %iv2 = %i0 to %n step %i1 iter_args(%it3 = %a1) -> (memref<16xf32>) {
    %a5 = memref.alloc() : memref<16xf32>
    memref.store %cst, %it3[%i0] : memref<16xf32>
    memref.dealloc %a1 : memref<16xf32>
    scf.yield %a5 : memref<16xf32>
  }
  memref.dealloc %r4 : memref<16xf32>
  return
}
// CHECK:      memlint-trace: fix-it refused: line 12: insert 'memref.dealloc %a5 : memref<16xf32>' at the end of the region that hands it out
// CHECK-NEXT: memlint-trace:   at offset {{[0-9]+}}, replace 0 bytes by '    memref.dealloc %a5 : memref<16xf32>
// CHECK-NEXT: '
// CHECK-NEXT: memlint-trace:   after it: line 13: buffer '%a5' is written after it was freed on some path (through alias '%it3') [lifetime-use-after-free]
