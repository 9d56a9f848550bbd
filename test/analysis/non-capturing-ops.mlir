// RUN: not mlir-memlint --split-input-file --base-dir %S --checks='-*,lifetime-*' %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: mlir-memlint --stats --allow-unregistered-dialect %S/Inputs/unknown-ops.mlir 2>&1 | FileCheck %s --check-prefix=STATS
//
// Ops that access a buffer and can neither free nor keep it: their memref
// operands do not escape, so the leaks are reported. affine.dma_wait and
// affine.prefetch dereference memrefs through affine maps
// (AffineMapAccessInterface) without MemoryEffectOpInterface; truly unknown
// ops stay conservative and are named by --stats.
// STATS: unknown-effect-ops=3
// STATS: unknown-effect-ops by name (their memref operands escape): test.keep=2 test.other=1

// The tag of a DMA is never freed.
func.func @dma_tag_leak(%src: memref<16xf32>, %dst: memref<16xf32, 1>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // CHECK: non-capturing-ops.mlir:[[@LINE+1]]:10: error: buffer '%tag' is leaked on every path [lifetime-leak]
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %c16 : memref<16xf32>, memref<16xf32, 1>, memref<1xi32>
  affine.dma_wait %tag[%c0], %c16 : memref<1xi32>
  return
}

// -----

// A prefetched buffer that is never freed.
func.func @prefetch_leak(%c: i1) {
  %c0 = arith.constant 0 : index
  // CHECK: :[[@LINE+1]]:8: error: buffer '%a' is leaked on some path [lifetime-leak]
  %a = memref.alloc() : memref<16xf32>
  affine.prefetch %a[%c0], read, locality<3>, data : memref<16xf32>
  scf.if %c {
    memref.dealloc %a : memref<16xf32>
  }
  return
}

// -----

// Waiting on a freed tag, prefetching a freed buffer: uses after free.
func.func @use_after_free(%src: memref<16xf32>, %dst: memref<16xf32, 1>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %tag = memref.alloc() : memref<1xi32>
  %a = memref.alloc() : memref<16xf32>
  affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %c16 : memref<16xf32>, memref<16xf32, 1>, memref<1xi32>
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %a : memref<16xf32>
  // CHECK: :[[@LINE+1]]:3: error: buffer '%tag' is read after it was freed on every path [lifetime-use-after-free]
  affine.dma_wait %tag[%c0], %c16 : memref<1xi32>
  // CHECK: :[[@LINE+1]]:3: error: buffer '%a' is written after it was freed on every path [lifetime-use-after-free]
  affine.prefetch %a[%c0], write, locality<1>, data : memref<16xf32>
  return
}

// -----

// no-warning: the same shapes, freed after their last use.
func.func @clean(%src: memref<16xf32>, %dst: memref<16xf32, 1>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %tag = memref.alloc() : memref<1xi32>
  %a = memref.alloc() : memref<16xf32>
  affine.prefetch %a[%c0], read, locality<3>, data : memref<16xf32>
  affine.dma_start %src[%c0], %dst[%c0], %tag[%c0], %c16 : memref<16xf32>, memref<16xf32, 1>, memref<1xi32>
  affine.dma_wait %tag[%c0], %c16 : memref<1xi32>
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %a : memref<16xf32>
  return
}
