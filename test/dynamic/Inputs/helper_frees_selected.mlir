// A helper that frees its argument is called on a value that may hold a
// buffer the caller frees too: a select frees one of two buffers and the
// helper one of them again; an scf.if result is freed by the helper, which
// frees one of the buffers it may hold again under another condition.
// EXPECT-VALGRIND: invalid-free definitely-lost

func.func @release(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}

func.func @pick(%c: i1, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.store %one, %b[%c0] : memref<4xf32>
  %s = arith.select %c, %a, %b : memref<4xf32>
  memref.dealloc %s : memref<4xf32>
  func.call @release(%b) : (memref<4xf32>) -> ()
  return
}

func.func @twice(%c: i1, %d: i1, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> (memref<4xf32>) {
    %fresh = memref.alloc() : memref<4xf32>
    scf.yield %fresh : memref<4xf32>
  } else {
    scf.yield %a : memref<4xf32>
  }
  memref.store %one, %r[%c0] : memref<4xf32>
  %v = memref.load %r[%c0] : memref<4xf32>
  memref.store %v, %out[%c0] : memref<4xf32>
  func.call @release(%r) : (memref<4xf32>) -> ()
  scf.if %d {
    func.call @release(%a) : (memref<4xf32>) -> ()
  }
  return
}

func.func @main() -> i32 {
  %true = arith.constant true
  %false = arith.constant false
  %out = memref.alloc() : memref<4xf32>
  func.call @pick(%true, %out) : (i1, memref<4xf32>) -> ()
  func.call @pick(%false, %out) : (i1, memref<4xf32>) -> ()
  func.call @twice(%true, %true, %out) : (i1, i1, memref<4xf32>) -> ()
  func.call @twice(%true, %false, %out) : (i1, i1, memref<4xf32>) -> ()
  func.call @twice(%false, %true, %out) : (i1, i1, memref<4xf32>) -> ()
  func.call @twice(%false, %false, %out) : (i1, i1, memref<4xf32>) -> ()
  memref.dealloc %out : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
