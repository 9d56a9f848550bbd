// Single-head attention: S = Q K^T / sqrt(d), P = softmax(S) by rows,
// O = P V. Q, K, V, S, P and the row statistics are scratch buffers.
// EXEC-UNPLANNED-BYTES: 0
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.35355339 : f32
  %q = memref.alloc() : memref<4x8xf32>
  %k = memref.alloc() : memref<4x8xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %s = arith.muli %i, %j : index
      %m = arith.remui %s, %c4 : index
      %t = arith.index_cast %m : index to i32
      %f = arith.sitofp %t : i32 to f32
      memref.store %f, %q[%i, %j] : memref<4x8xf32>
      %n = arith.addi %i, %j : index
      %o = arith.remui %n, %c4 : index
      %u = arith.index_cast %o : index to i32
      %g = arith.sitofp %u : i32 to f32
      memref.store %g, %k[%i, %j] : memref<4x8xf32>
    }
  }
  %scores = memref.alloc() : memref<4x4xf32>
  linalg.fill ins(%zero : f32) outs(%scores : memref<4x4xf32>)
  linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>],
                  iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%q, %k : memref<4x8xf32>, memref<4x8xf32>) outs(%scores : memref<4x4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }
  memref.dealloc %q : memref<4x8xf32>
  memref.dealloc %k : memref<4x8xf32>
  %probs = memref.alloc() : memref<4x4xf32>
  %rowmax = memref.alloc() : memref<4xf32>
  %rowsum = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %first = memref.load %scores[%i, %c0] : memref<4x4xf32>
    %mx = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %first) -> (f32) {
      %v = memref.load %scores[%i, %j] : memref<4x4xf32>
      %m = arith.maximumf %acc, %v : f32
      scf.yield %m : f32
    }
    memref.store %mx, %rowmax[%i] : memref<4xf32>
    %sum = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %scores[%i, %j] : memref<4x4xf32>
      %d = arith.subf %v, %mx : f32
      %e0 = arith.mulf %d, %scale : f32
      %e = math.exp %e0 : f32
      memref.store %e, %probs[%i, %j] : memref<4x4xf32>
      %a = arith.addf %acc, %e : f32
      scf.yield %a : f32
    }
    memref.store %sum, %rowsum[%i] : memref<4xf32>
  }
  memref.dealloc %scores : memref<4x4xf32>
  memref.dealloc %rowmax : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %s = memref.load %rowsum[%i] : memref<4xf32>
    scf.for %j = %c0 to %c4 step %c1 {
      %e = memref.load %probs[%i, %j] : memref<4x4xf32>
      %p = arith.divf %e, %s : f32
      memref.store %p, %probs[%i, %j] : memref<4x4xf32>
    }
  }
  memref.dealloc %rowsum : memref<4xf32>
  %v = memref.alloc() : memref<4x8xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %s = arith.subi %j, %i : index
      %t = arith.index_cast %s : index to i32
      %f = arith.sitofp %t : i32 to f32
      memref.store %f, %v[%i, %j] : memref<4x8xf32>
    }
  }
  %out = memref.alloc() : memref<4x8xf32>
  linalg.fill ins(%zero : f32) outs(%out : memref<4x8xf32>)
  linalg.matmul ins(%probs, %v : memref<4x4xf32>, memref<4x8xf32>) outs(%out : memref<4x8xf32>)
  memref.dealloc %probs : memref<4x4xf32>
  memref.dealloc %v : memref<4x8xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %x = memref.load %out[%i, %j] : memref<4x8xf32>
      vector.print %x : f32
    }
  }
  memref.dealloc %out : memref<4x8xf32>
  return
}
