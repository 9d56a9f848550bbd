// A 1 MiB bf16 tile staged in memory space 1 (e.g. device shared memory).
// @stage_tile allocates and frees it correctly; @stage_tile_leaky is the same
// kernel with the memref.dealloc forgotten, so the tile leaks on every path.
//
// RUN: cd %S && not mlir-memlint %{s:basename} 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Expected (the CHECK lines at the end): the leak of '%tile' in
// @stage_tile_leaky, on every path; no finding in @stage_tile.
//

func.func @stage_tile(%src: memref<128x4096xbf16>,
                      %dst: memref<128x4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c4096 = arith.constant 4096 : index
  %tile = memref.alloc() : memref<128x4096xbf16, 1>
  memref.copy %src, %tile
      : memref<128x4096xbf16> to memref<128x4096xbf16, 1>
  scf.for %i = %c0 to %c128 step %c1 {
    scf.for %j = %c0 to %c4096 step %c1 {
      %v = memref.load %tile[%i, %j] : memref<128x4096xbf16, 1>
      %w = arith.extf %v : bf16 to f32
      memref.store %w, %dst[%i, %j] : memref<128x4096xf32>
    }
  }
  memref.dealloc %tile : memref<128x4096xbf16, 1>
  return
}

func.func @stage_tile_leaky(%src: memref<128x4096xbf16>,
                            %dst: memref<128x4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c4096 = arith.constant 4096 : index
  %tile = memref.alloc() : memref<128x4096xbf16, 1>
  memref.copy %src, %tile
      : memref<128x4096xbf16> to memref<128x4096xbf16, 1>
  scf.for %i = %c0 to %c128 step %c1 {
    scf.for %j = %c0 to %c4096 step %c1 {
      %v = memref.load %tile[%i, %j] : memref<128x4096xbf16, 1>
      %w = arith.extf %v : bf16 to f32
      memref.store %w, %dst[%i, %j] : memref<128x4096xf32>
    }
  }
  // BUG: no memref.dealloc %tile.
  return
}

// The findings, in the order the tool prints them (snippet lines between them).
// CHECK: seed_memory_space.mlir:37:11: error: buffer '%tile' is leaked on every path [lifetime-leak]
// CHECK: seed_memory_space.mlir:37:11: note: buffer allocated here
// CHECK: seed_memory_space.mlir:48:3: note: buffer leaks at function exit
// CHECK: mlir-memlint: 1 error in 1 file
