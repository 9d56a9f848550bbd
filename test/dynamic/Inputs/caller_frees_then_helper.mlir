// The kernel frees its own buffer and then passes it to a helper that frees
// it again (a double free in the helper, a use after free at the call).
// The helper's dealloc is needed by its other call; the fix-it deletes the
// kernel's own, first dealloc.
// EXPECT-VALGRIND: invalid-free

func.func @g_free(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}

func.func @kernel(%c: i1, %arg: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  func.call @g_free(%a) : (memref<4xf32>) -> ()
  %r = scf.if %c -> (memref<4xf32>) {
    %b = memref.alloc() : memref<4xf32>
    scf.yield %b : memref<4xf32>
  } else {
    scf.yield %arg : memref<4xf32>
  }
  scf.if %c {
    memref.dealloc %r : memref<4xf32>
    func.call @g_free(%r) : (memref<4xf32>) -> ()
  }
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %x = memref.alloc() : memref<4xf32>
  func.call @kernel(%t, %x) : (i1, memref<4xf32>) -> ()
  func.call @kernel(%f, %x) : (i1, memref<4xf32>) -> ()
  memref.dealloc %x : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
