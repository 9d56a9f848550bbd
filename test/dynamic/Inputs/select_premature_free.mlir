// A buffer picked by arith.select is freed through the selection after one
// of its candidates was freed early: use after free and double free when %c
// holds, a leak of %b when it does not.
// EXPECT-VALGRIND: definitely-lost invalid-free invalid-read

func.func @pick(%c: i1, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %one, %a[%i] : memref<4xf32>
    memref.store %two, %b[%i] : memref<4xf32>
  }
  %s = arith.select %c, %a, %b : memref<4xf32>
  // BUG: %a may still be read through %s.
  memref.dealloc %a : memref<4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %s[%i] : memref<4xf32>
    memref.store %v, %out[%i] : memref<4xf32>
  }
  memref.dealloc %s : memref<4xf32>
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %out = memref.alloc() : memref<4xf32>
  func.call @pick(%t, %out) : (i1, memref<4xf32>) -> ()
  func.call @pick(%f, %out) : (i1, memref<4xf32>) -> ()
  memref.dealloc %out : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
