// A kernel that picks its source in an scf.execute_region: where %c says
// the caller's buffer is already normalized, the region hands it on as it
// is; otherwise a block that only the false edge of the cf.cond_br reaches
// allocates a scaled copy, and the join's block argument hands that out of
// the region. The kernel reads the result into the caller's buffer and
// never frees the copy: it leaks where %c is false. No flag can travel out
// of the region with the buffer and the leak takes no branch after the
// allocation, so the fix-it guards the dealloc after the read by the
// decision of the edge that leads to the allocation (scf.if %c, else).
// EXPECT-VALGRIND: definitely-lost

func.func @normalize(%c: i1, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %scale = arith.constant 0.125 : f32
  %r = scf.execute_region -> (memref<16xf32>) {
    cf.cond_br %c, ^bb2(%arg : memref<16xf32>), ^bb1
  ^bb1:
    %a = memref.alloc() : memref<16xf32>
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %arg[%j] : memref<16xf32>
      %w = arith.mulf %v, %scale : f32
      memref.store %w, %a[%j] : memref<16xf32>
    }
    cf.br ^bb2(%a : memref<16xf32>)
  ^bb2(%p: memref<16xf32>):
    scf.yield %p : memref<16xf32>
  }
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %r[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  func.call @normalize(%true, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @normalize(%false, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
