// A kernel that writes into a fresh buffer (when %c) or into the caller's
// buffer, and frees the result through a cast at the end, as if it always
// owned it: when it is the caller's memory, the caller then reads and
// writes freed memory and frees it again. The findings are the caller's;
// the fix-it guards the kernel's dealloc with the condition under which the
// kernel owns the buffer.
// EXPECT-VALGRIND: invalid-free invalid-read invalid-write

func.func @sometimes_own(%c: i1, %arg: memref<16xf32>) {
  %cst = arith.constant 1.0 : f32
  %i0 = arith.constant 0 : index
  %r = scf.if %c -> (memref<16xf32>) {
    %a = memref.alloc() : memref<16xf32>
    scf.yield %a : memref<16xf32>
  } else {
    scf.yield %arg : memref<16xf32>
  }
  memref.store %cst, %r[%i0] : memref<16xf32>
  %cast = memref.cast %r : memref<16xf32> to memref<?xf32>
  memref.dealloc %cast : memref<?xf32>
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %buf = memref.alloc() : memref<16xf32>
  memref.store %zero, %buf[%c0] : memref<16xf32>
  func.call @sometimes_own(%t, %buf) : (i1, memref<16xf32>) -> ()
  func.call @sometimes_own(%f, %buf) : (i1, memref<16xf32>) -> ()
  %v = memref.load %buf[%c0] : memref<16xf32>
  %w = arith.addf %v, %v : f32
  memref.store %w, %buf[%c0] : memref<16xf32>
  memref.dealloc %buf : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
