// An scf.for hands each iteration's buffer on through two iter_args in
// turn; a branch passes the second result to a block that does not use it,
// and the block where the paths join reads it (cfg seed 68083): every
// buffer leaks. The fix's flags free the one each iteration drops, and both
// results after the read where the paths join.
// EXPECT-VALGRIND: definitely-lost

func.func @kernel(%c: i1, %n: index, %buf: memref<2xf32>, %res: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r0, %r1 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %buf, %y = %buf) -> (memref<2xf32>, memref<2xf32>) {
    %a = memref.alloc() : memref<2xf32>
    memref.store %one, %a[%c0] : memref<2xf32>
    scf.yield %a, %x : memref<2xf32>, memref<2xf32>
  }
  cf.cond_br %c, ^bb1(%r1 : memref<2xf32>), ^bb2
^bb1(%p: memref<2xf32>):
  cf.br ^bb2
^bb2:
  %v = memref.load %r1[%c0] : memref<2xf32>
  memref.store %v, %res[%c0] : memref<2xf32>
  return
}

// Calls @kernel for both values of %c, with trip counts 0, 1 and 3.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %buf = memref.alloc() : memref<2xf32>
  %res = memref.alloc() : memref<2xf32>
  memref.store %one, %buf[%c0] : memref<2xf32>
  func.call @kernel(%f, %c0, %buf, %res) : (i1, index, memref<2xf32>, memref<2xf32>) -> ()
  func.call @kernel(%t, %c0, %buf, %res) : (i1, index, memref<2xf32>, memref<2xf32>) -> ()
  func.call @kernel(%f, %c1, %buf, %res) : (i1, index, memref<2xf32>, memref<2xf32>) -> ()
  func.call @kernel(%t, %c1, %buf, %res) : (i1, index, memref<2xf32>, memref<2xf32>) -> ()
  func.call @kernel(%f, %c3, %buf, %res) : (i1, index, memref<2xf32>, memref<2xf32>) -> ()
  func.call @kernel(%t, %c3, %buf, %res) : (i1, index, memref<2xf32>, memref<2xf32>) -> ()
  memref.dealloc %buf : memref<2xf32>
  memref.dealloc %res : memref<2xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
