// A kernel that fills a fresh buffer and returns it to the caller, but
// frees it first on every path that runs: the then branch of an scf.if on
// %c frees it with a dealloc, the else branch hands it to @release, the
// module's deallocation wrapper, which frees its argument. main reads the result and frees it: a read of freed memory and
// a second free, for each value of %c. The then branch also calls @release
// in a nested scf.if on the negation of %c, which never runs. The fix-it
// deletes the frees of the returned buffer; deleting every one, that dead
// call too, would leave @release without a caller and make its own free an
// invalid one, so the candidate that keeps that last call (on the path
// that never runs) is the one that validates. (@release only frees: the
// tool deletes no call of a helper that does anything else, so with a
// helper that also counts the releases it offers no fix-it in the kernel.)
// EXPECT-VALGRIND: invalid-read invalid-free

func.func @release(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}

func.func @produce(%c: i1, %in: memref<16xf32>) -> memref<16xf32> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %three = arith.constant 3.0 : f32
  %true = arith.constant true
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %in[%j] : memref<16xf32>
    %w = arith.mulf %v, %three : f32
    memref.store %w, %a[%j] : memref<16xf32>
  }
  scf.if %c {
    %not = arith.xori %c, %true : i1
    scf.if %not {
      func.call @release(%a) : (memref<16xf32>) -> ()
    }
    memref.dealloc %a : memref<16xf32>
  } else {
    func.call @release(%a) : (memref<16xf32>) -> ()
  }
  return %a : memref<16xf32>
}

// Adds the kernel's result into the caller's output.
func.func @collect(%r: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %r[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  return
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  %r0 = func.call @produce(%true, %in) : (i1, memref<16xf32>) -> memref<16xf32>
  func.call @collect(%r0, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %r0 : memref<16xf32>
  %r1 = func.call @produce(%false, %in) : (i1, memref<16xf32>) -> memref<16xf32>
  func.call @collect(%r1, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %r1 : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
