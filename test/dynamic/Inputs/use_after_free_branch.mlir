// A normalization kernel in cf form. A histogram buffer is filled in a loop,
// optionally smoothed, and its peak is read back to scale the output. The
// memref.dealloc of the histogram was placed before that final read-back
// (it used to be the last use before a refactoring), so every call reads
// freed memory; with %rescale the output pass reads it again.
// Unlike ../use_after_free.mlir, the rescale pass is a block of its own, so
// the last use of the histogram is on one successor of a cf.cond_br: the
// dealloc has to move to ^done, the block where the two paths join.
// EXPECT-VALGRIND: invalid-read

func.func @normalize(%in: memref<16xf32>, %out: memref<16xf32>, %smooth: i1, %rescale: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %hist = memref.alloc() : memref<16xf32>
  cf.br ^fill(%c0 : index)
^fill(%i: index):
  %more = arith.cmpi slt, %i, %c16 : index
  cf.cond_br %more, ^fill_body, ^filled
^fill_body:
  %v = memref.load %in[%i] : memref<16xf32>
  %d = arith.mulf %v, %two : f32
  memref.store %d, %hist[%i] : memref<16xf32>
  %next = arith.addi %i, %c1 : index
  cf.br ^fill(%next : index)
^filled:
  cf.cond_br %smooth, ^smooth, ^readback
^smooth:
  scf.for %j = %c1 to %c16 step %c1 {
    %jm1 = arith.subi %j, %c1 : index
    %a = memref.load %hist[%jm1] : memref<16xf32>
    %b = memref.load %hist[%j] : memref<16xf32>
    %s = arith.addf %a, %b : f32
    %h = arith.divf %s, %two : f32
    memref.store %h, %hist[%j] : memref<16xf32>
  }
  cf.br ^readback
^readback:
  memref.dealloc %hist : memref<16xf32>
  // BUG: %hist is read after the dealloc above.
  %last = arith.constant 15 : index
  %peak = memref.load %hist[%last] : memref<16xf32>
  cf.cond_br %rescale, ^rescale, ^done
^rescale:
  scf.for %k = %c0 to %c16 step %c1 {
    %x = memref.load %hist[%k] : memref<16xf32>
    %y = arith.divf %x, %peak : f32
    memref.store %y, %out[%k] : memref<16xf32>
  }
  cf.br ^done
^done:
  memref.store %peak, %out[%c0] : memref<16xf32>
  return
}

// Calls @normalize for every combination of %smooth and %rescale.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %one, %in[%i] : memref<16xf32>
  }
  func.call @normalize(%in, %out, %f, %f) : (memref<16xf32>, memref<16xf32>, i1, i1) -> ()
  func.call @normalize(%in, %out, %f, %t) : (memref<16xf32>, memref<16xf32>, i1, i1) -> ()
  func.call @normalize(%in, %out, %t, %f) : (memref<16xf32>, memref<16xf32>, i1, i1) -> ()
  func.call @normalize(%in, %out, %t, %t) : (memref<16xf32>, memref<16xf32>, i1, i1) -> ()
  memref.dealloc %in : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
