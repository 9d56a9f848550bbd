// An MLP layer pair: h = relu(x * W1), y = h * W2, with scratch buffers for
// the weights and activations; every buffer is freed after its last use.
// EXEC-UNPLANNED-BYTES: 0
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<4x8xf32>
  %w1 = memref.alloc() : memref<8x16xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %s = arith.addi %i, %j : index
      %t = arith.index_cast %s : index to i32
      %f = arith.sitofp %t : i32 to f32
      memref.store %f, %x[%i, %j] : memref<4x8xf32>
    }
  }
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %s = arith.muli %i, %j : index
      %m = arith.remui %s, %c8 : index
      %t = arith.index_cast %m : index to i32
      %f = arith.sitofp %t : i32 to f32
      %g = arith.constant 0.25 : f32
      %h = arith.mulf %f, %g : f32
      memref.store %h, %w1[%i, %j] : memref<8x16xf32>
    }
  }
  %h = memref.alloc() : memref<4x16xf32>
  linalg.fill ins(%zero : f32) outs(%h : memref<4x16xf32>)
  linalg.matmul ins(%x, %w1 : memref<4x8xf32>, memref<8x16xf32>) outs(%h : memref<4x16xf32>)
  memref.dealloc %x : memref<4x8xf32>
  memref.dealloc %w1 : memref<8x16xf32>
  %relu = memref.alloc() : memref<4x16xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h : memref<4x16xf32>) outs(%relu : memref<4x16xf32>) {
  ^bb0(%in: f32, %out: f32):
    %minus = arith.constant 6.0 : f32
    %d = arith.subf %in, %minus : f32
    %r = arith.maximumf %d, %zero : f32
    linalg.yield %r : f32
  }
  memref.dealloc %h : memref<4x16xf32>
  %w2 = memref.alloc() : memref<16x4xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %s = arith.addi %i, %j : index
      %m = arith.remui %s, %c4 : index
      %t = arith.index_cast %m : index to i32
      %f = arith.sitofp %t : i32 to f32
      memref.store %f, %w2[%i, %j] : memref<16x4xf32>
    }
  }
  %y = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%zero : f32) outs(%y : memref<4x4xf32>)
  linalg.matmul ins(%relu, %w2 : memref<4x16xf32>, memref<16x4xf32>) outs(%y : memref<4x4xf32>)
  memref.dealloc %relu : memref<4x16xf32>
  memref.dealloc %w2 : memref<16x4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %v = memref.load %y[%i, %j] : memref<4x4xf32>
      vector.print %v : f32
    }
  }
  memref.dealloc %y : memref<4x4xf32>
  return
}
