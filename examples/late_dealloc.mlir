// A two-layer MLP whose buffers were all freed at the end of the function, as
// a hand-written lowering often does. The hidden activations are dead once the
// activation function has read them (through a collapse_shape view, inside an
// scf.if), and the activated buffer once the second matmul has read it; yet
// both stay allocated while the statistics buffer is allocated. Freeing each
// right after its last use ("hoisting the deallocs") lowers the peak.
//
// RUN: cd %S && mlir-memlint %{s:basename} 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Expected (the CHECK lines at the end): no lifetime-* finding; in @mlp,
// perf-late-dealloc for the deallocs of '%hidden' and '%act'. In
// @mlp_hoisted, the same function with the deallocs hoisted, only the next
// step: perf-missed-reuse, '%stats' could reuse the storage of the dead
// '%hidden'.
//

func.func @mlp(%x: memref<64x256xf32>, %w1: memref<256x512xf32>,
               %w2: memref<512x128xf32>, %out: memref<64x128xf32>,
               %relu: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 32768 : index
  %zero = arith.constant 0.0 : f32
  %hidden = memref.alloc() : memref<64x512xf32>
  linalg.fill ins(%zero : f32) outs(%hidden : memref<64x512xf32>)
  linalg.matmul ins(%x, %w1 : memref<64x256xf32>, memref<256x512xf32>)
                outs(%hidden : memref<64x512xf32>)
  %flat = memref.collapse_shape %hidden [[0, 1]] : memref<64x512xf32> into memref<32768xf32>
  %act = memref.alloc() : memref<32768xf32>
  scf.if %relu {
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %flat[%i] : memref<32768xf32>
      %r = arith.maximumf %v, %zero : f32
      memref.store %r, %act[%i] : memref<32768xf32>
    }
  } else {
    memref.copy %flat, %act : memref<32768xf32> to memref<32768xf32>
  }
  %act2d = memref.expand_shape %act [[0, 1]] output_shape [64, 512] : memref<32768xf32> into memref<64x512xf32>
  linalg.matmul ins(%act2d, %w2 : memref<64x512xf32>, memref<512x128xf32>)
                outs(%out : memref<64x128xf32>)
  // Column sums of the output.
  %stats = memref.alloc() : memref<128xf32>
  linalg.fill ins(%zero : f32) outs(%stats : memref<128xf32>)
  linalg.reduce ins(%out : memref<64x128xf32>) outs(%stats : memref<128xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %first = memref.load %stats[%c0] : memref<128xf32>
  memref.dealloc %hidden : memref<64x512xf32>
  memref.dealloc %act : memref<32768xf32>
  memref.dealloc %stats : memref<128xf32>
  return %first : f32
}

func.func @mlp_hoisted(%x: memref<64x256xf32>, %w1: memref<256x512xf32>,
                       %w2: memref<512x128xf32>, %out: memref<64x128xf32>,
                       %relu: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 32768 : index
  %zero = arith.constant 0.0 : f32
  %hidden = memref.alloc() : memref<64x512xf32>
  linalg.fill ins(%zero : f32) outs(%hidden : memref<64x512xf32>)
  linalg.matmul ins(%x, %w1 : memref<64x256xf32>, memref<256x512xf32>)
                outs(%hidden : memref<64x512xf32>)
  %flat = memref.collapse_shape %hidden [[0, 1]] : memref<64x512xf32> into memref<32768xf32>
  %act = memref.alloc() : memref<32768xf32>
  scf.if %relu {
    scf.for %i = %c0 to %n step %c1 {
      %v = memref.load %flat[%i] : memref<32768xf32>
      %r = arith.maximumf %v, %zero : f32
      memref.store %r, %act[%i] : memref<32768xf32>
    }
  } else {
    memref.copy %flat, %act : memref<32768xf32> to memref<32768xf32>
  }
  memref.dealloc %hidden : memref<64x512xf32>
  %act2d = memref.expand_shape %act [[0, 1]] output_shape [64, 512] : memref<32768xf32> into memref<64x512xf32>
  linalg.matmul ins(%act2d, %w2 : memref<64x512xf32>, memref<512x128xf32>)
                outs(%out : memref<64x128xf32>)
  memref.dealloc %act : memref<32768xf32>
  // Column sums of the output.
  %stats = memref.alloc() : memref<128xf32>
  linalg.fill ins(%zero : f32) outs(%stats : memref<128xf32>)
  linalg.reduce ins(%out : memref<64x128xf32>) outs(%stats : memref<128xf32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %first = memref.load %stats[%c0] : memref<128xf32>
  memref.dealloc %stats : memref<128xf32>
  return %first : f32
}

// The findings, in the order the tool prints them (snippet lines between them).
// The two late deallocs of @mlp are one finding (aggregated per function,
// the largest buffer first; perf-late-dealloc.Aggregate: false gives one
// each).
// CHECK: late_dealloc.mlir:51:3: warning: 2 deallocs in '@mlp' come later than needed, keeping 256 KiB live after the last use while other allocations happen; the largest: buffer '%hidden' is deallocated 7 ops after its last use; 1 allocation happens in between [perf-late-dealloc]
// CHECK: late_dealloc.mlir:37:5: note: last use of '%flat' here
// CHECK: late_dealloc.mlir:43:12: note: allocation while the buffer is dead
// CHECK: late_dealloc.mlir:52:3: note: also buffer '%act' is deallocated 6 ops after its last use; 1 allocation happens in between
// CHECK: late_dealloc.mlir:85:12: warning: buffer '%stats' (512 bytes) could reuse the storage of '%hidden', which is dead here; one allocation could serve both and save 512 bytes [perf-missed-reuse]
// CHECK: late_dealloc.mlir:64:13: note: buffer '%hidden' allocated here
// CHECK: late_dealloc.mlir:79:3: note: buffer '%hidden' deallocated here
// CHECK: mlir-memlint: 2 warnings in 1 file
