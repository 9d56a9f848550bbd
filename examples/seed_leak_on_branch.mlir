// A hand-written lowering of a row-wise "scale then copy" kernel. The scratch
// row buffer is freed at the end of the fast path (then-branch of the scf.if),
// but the slow path (else-branch) forgets its memref.dealloc.
//
// RUN: cd %S && not mlir-memlint %{s:basename} 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Expected (the CHECK lines at the end): the leak of '%scratch' on some path,
// with the witness that takes the else-branch.
//

func.func @scale_rows(%in: memref<128x4096xf32>, %out: memref<128x4096xf32>,
                      %fast: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c4096 = arith.constant 4096 : index
  %scale = arith.constant 0.0625 : f32
  %scratch = memref.alloc() {alignment = 64 : i64} : memref<4096xf32>
  scf.if %fast {
    scf.for %i = %c0 to %c128 step %c1 {
      scf.for %j = %c0 to %c4096 step %c1 {
        %v = memref.load %in[%i, %j] : memref<128x4096xf32>
        %s = arith.mulf %v, %scale : f32
        memref.store %s, %scratch[%j] : memref<4096xf32>
      }
      %row = memref.subview %out[%i, 0] [1, 4096] [1, 1]
          : memref<128x4096xf32> to memref<4096xf32, strided<[1], offset: ?>>
      memref.copy %scratch, %row
          : memref<4096xf32> to memref<4096xf32, strided<[1], offset: ?>>
    }
    memref.dealloc %scratch : memref<4096xf32>
  } else {
    scf.for %i = %c0 to %c128 step %c1 {
      scf.for %j = %c0 to %c4096 step %c1 {
        %v = memref.load %in[%i, %j] : memref<128x4096xf32>
        %s = arith.mulf %v, %scale : f32
        memref.store %s, %scratch[%j] : memref<4096xf32>
        %r = memref.load %scratch[%j] : memref<4096xf32>
        memref.store %r, %out[%i, %j] : memref<128x4096xf32>
      }
    }
    // BUG: no memref.dealloc %scratch on this path.
  }
  return
}

// The findings, in the order the tool prints them (snippet lines between them).
// CHECK: seed_leak_on_branch.mlir:18:14: error: buffer '%scratch' is leaked on some path [lifetime-leak]
// CHECK: seed_leak_on_branch.mlir:18:14: note: buffer allocated here
// CHECK: seed_leak_on_branch.mlir:19:3: note: taking the false branch
// CHECK: seed_leak_on_branch.mlir:19:3: note: last reference to the buffer is lost here
// CHECK: mlir-memlint: 1 error in 1 file
