// A kernel that fills two scratch buffers, picks one with an arith.select
// and reads the pick into the caller's buffer; a helper that only frees
// frees the pick, while an scf.if on another condition frees one of the
// two itself (the second through casts). Where the conditions disagree the
// pick is freed twice and the other buffer leaks. The fix-it frees what
// the select does not pass on, under its condition, and the other frees go.
// EXPECT-VALGRIND: invalid-free definitely-lost

func.func @free_it(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}

func.func @blend(%c: i1, %d: i1, %in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %in[%j] : memref<16xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %v, %a[%j] : memref<16xf32>
    memref.store %w, %b[%j] : memref<16xf32>
  }
  %s = arith.select %c, %a, %b : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %s[%j] : memref<16xf32>
    %o = memref.load %out[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%j] : memref<16xf32>
  }
  scf.if %d {
    memref.dealloc %b : memref<16xf32>
  } else {
    %v = memref.cast %a : memref<16xf32> to memref<?xf32>
    %w = memref.cast %v : memref<?xf32> to memref<16xf32>
    memref.dealloc %w : memref<16xf32>
  }
  func.call @free_it(%s) : (memref<16xf32>) -> ()
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
  func.call @blend(%true, %true, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @blend(%true, %false, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @blend(%false, %true, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @blend(%false, %false, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
