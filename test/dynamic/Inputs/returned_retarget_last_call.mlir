// A helper frees its argument; its one call frees the buffer the kernel
// returns, which the kernel then frees again, and the other buffer leaks
// on that path (gen seed 67037). Deleting the call would leave the helper
// freeing what it does not own: the fix hands the call the leaking buffer
// instead, and the returned buffer is the caller's.
// EXPECT-VALGRIND: definitely-lost invalid-free invalid-read

func.func @g_free(%m: memref<2xf32>) {
  memref.dealloc %m : memref<2xf32>
  return
}

func.func @kernel(%c: i1) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a1 = memref.alloc() : memref<2xf32>
  %a2 = memref.alloc() : memref<2xf32>
  memref.store %one, %a1[%c0] : memref<2xf32>
  memref.store %one, %a2[%c0] : memref<2xf32>
  scf.if %c {
    func.call @g_free(%a2) : (memref<2xf32>) -> ()
    memref.dealloc %a2 : memref<2xf32>
  } else {
    memref.dealloc %a1 : memref<2xf32>
  }
  return %a2 : memref<2xf32>
}

// Calls @kernel for both values of %c, reads and frees what it returns.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %t = arith.constant true
  %f = arith.constant false
  %res = memref.alloc() : memref<2xf32>
  %r1 = func.call @kernel(%f) : (i1) -> memref<2xf32>
  %x1 = memref.load %r1[%c0] : memref<2xf32>
  memref.store %x1, %res[%c0] : memref<2xf32>
  memref.dealloc %r1 : memref<2xf32>
  %r2 = func.call @kernel(%t) : (i1) -> memref<2xf32>
  %x2 = memref.load %r2[%c0] : memref<2xf32>
  memref.store %x2, %res[%c0] : memref<2xf32>
  memref.dealloc %r2 : memref<2xf32>
  memref.dealloc %res : memref<2xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
