// A two-buffer convolution driver with input validation. When validation
// fails it returns an error code early, forgetting to release the two work
// buffers allocated before the check. The error depends on two conditions.
// EXPECT-VALGRIND: definitely-lost

func.func @conv(%in: memref<16xf32>, %out: memref<16xf32>, %n: index, %strict: i1, %has_nan: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %ok = arith.constant 0 : i32
  %err = arith.constant -1 : i32
  %w = arith.constant 0.25 : f32
  %lhs = memref.alloc() : memref<16xf32>
  %rhs = memref.alloc() : memref<16xf32>
  %bad = arith.andi %strict, %has_nan : i1
  cf.cond_br %bad, ^error, ^compute
^error:
  // BUG: %lhs and %rhs are not freed on the error path.
  return %err : i32
^compute:
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %in[%i] : memref<16xf32>
    %l = arith.mulf %v, %w : f32
    memref.store %l, %lhs[%i] : memref<16xf32>
    memref.store %v, %rhs[%i] : memref<16xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %lhs[%i] : memref<16xf32>
    %b = memref.load %rhs[%i] : memref<16xf32>
    %s = arith.addf %a, %b : f32
    memref.store %s, %out[%i] : memref<16xf32>
  }
  memref.dealloc %rhs : memref<16xf32>
  memref.dealloc %lhs : memref<16xf32>
  return %ok : i32
}

// Calls @conv for every combination of %strict and %has_nan, with 0 and 4
// elements, and sums the return codes.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %one, %in[%i] : memref<16xf32>
  }
  %r0 = func.call @conv(%in, %out, %c0, %f, %f) : (memref<16xf32>, memref<16xf32>, index, i1, i1) -> i32
  %r1 = func.call @conv(%in, %out, %c0, %f, %t) : (memref<16xf32>, memref<16xf32>, index, i1, i1) -> i32
  %r2 = func.call @conv(%in, %out, %c0, %t, %f) : (memref<16xf32>, memref<16xf32>, index, i1, i1) -> i32
  %r3 = func.call @conv(%in, %out, %c0, %t, %t) : (memref<16xf32>, memref<16xf32>, index, i1, i1) -> i32
  %r4 = func.call @conv(%in, %out, %c4, %f, %f) : (memref<16xf32>, memref<16xf32>, index, i1, i1) -> i32
  %r5 = func.call @conv(%in, %out, %c4, %f, %t) : (memref<16xf32>, memref<16xf32>, index, i1, i1) -> i32
  %r6 = func.call @conv(%in, %out, %c4, %t, %f) : (memref<16xf32>, memref<16xf32>, index, i1, i1) -> i32
  %r7 = func.call @conv(%in, %out, %c4, %t, %t) : (memref<16xf32>, memref<16xf32>, index, i1, i1) -> i32
  memref.dealloc %in : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  // Two calls fail validation: the sum of the codes is -2, so the exit code
  // is 0 exactly when the error paths were taken as expected.
  %s01 = arith.addi %r0, %r1 : i32
  %s23 = arith.addi %r2, %r3 : i32
  %s45 = arith.addi %r4, %r5 : i32
  %s67 = arith.addi %r6, %r7 : i32
  %sa = arith.addi %s01, %s23 : i32
  %sb = arith.addi %s45, %s67 : i32
  %sum = arith.addi %sa, %sb : i32
  %c2 = arith.constant 2 : i32
  %code = arith.addi %sum, %c2 : i32
  return %code : i32
}
