// An scf.for body (two iterations) allocates a buffer, frees it when %q is
// set and yields it always; the function frees the loop's result when %q is
// not set. Then each iteration's buffer replaces the one before, which
// leaks (cfg seed 68062): the loop-carried flag the fix adds is %q's
// complement, not true, so that the next iteration does not free again what
// the body freed.
// EXPECT-VALGRIND: definitely-lost

func.func @kernel(%q: i1, %buf: memref<2xf32>, %res: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%it = %buf) -> (memref<2xf32>) {
    %a = memref.alloc() : memref<2xf32>
    %v = memref.load %buf[%c0] : memref<2xf32>
    memref.store %v, %a[%c0] : memref<2xf32>
    scf.if %q {
      memref.dealloc %a : memref<2xf32>
    }
    scf.yield %a : memref<2xf32>
  }
  scf.if %q {
  } else {
    %x = memref.load %r[%c0] : memref<2xf32>
    memref.store %x, %res[%c0] : memref<2xf32>
    memref.dealloc %r : memref<2xf32>
  }
  return
}

// Calls @kernel for both values of %q.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %buf = memref.alloc() : memref<2xf32>
  %res = memref.alloc() : memref<2xf32>
  memref.store %one, %buf[%c0] : memref<2xf32>
  func.call @kernel(%f, %buf, %res) : (i1, memref<2xf32>, memref<2xf32>) -> ()
  func.call @kernel(%t, %buf, %res) : (i1, memref<2xf32>, memref<2xf32>) -> ()
  memref.dealloc %buf : memref<2xf32>
  memref.dealloc %res : memref<2xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
