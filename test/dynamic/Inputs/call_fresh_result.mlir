// A kernel that hands its scratch buffer and the caller's buffer to a
// helper, which returns a fresh buffer or the caller's (as its condition
// says), and returns what the helper returned. The scratch buffer is never
// freed. The helper never returns the scratch buffer, so the fix-it frees
// it right after the call, though the call's result is returned; the
// caller frees the kernel's result when it is not its own buffer.
// EXPECT-VALGRIND: definitely-lost

func.func @pick(%fresh: i1, %scratch: memref<16xf32>, %in: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %x = memref.load %scratch[%c0] : memref<16xf32>
  %r = scf.if %fresh -> memref<16xf32> {
    %n = memref.alloc() : memref<16xf32>
    memref.store %x, %n[%c0] : memref<16xf32>
    scf.yield %n : memref<16xf32>
  } else {
    scf.yield %in : memref<16xf32>
  }
  return %r : memref<16xf32>
}

func.func @kernel(%fresh: i1, %in: memref<16xf32>) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  memref.copy %in, %a : memref<16xf32> to memref<16xf32>
  %r = func.call @pick(%fresh, %a, %in) : (i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  return %r : memref<16xf32>
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %one, %buf[%i] : memref<16xf32>
  }
  %r1 = func.call @kernel(%t, %buf) : (i1, memref<16xf32>) -> memref<16xf32>
  %x = memref.load %r1[%c0] : memref<16xf32>
  memref.dealloc %r1 : memref<16xf32>
  %r2 = func.call @kernel(%f, %buf) : (i1, memref<16xf32>) -> memref<16xf32>
  %y = memref.load %r2[%c0] : memref<16xf32>
  %s = arith.addf %x, %y : f32
  memref.store %s, %buf[%c0] : memref<16xf32>
  memref.dealloc %buf : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
