// Three edges into a join: one hands the buffer to its first argument, one
// to its second, one to neither; and a join that receives a buffer through
// a select on some paths only (the other path frees it itself).
// EXPECT-VALGRIND: definitely-lost

func.func @two_args(%c: i1, %d: i1, %arg: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<4xf32>
  memref.store %one, %a[%c0] : memref<4xf32>
  cf.cond_br %d, ^bb3(%a, %arg : memref<4xf32>, memref<4xf32>), ^bb3(%arg, %a : memref<4xf32>, memref<4xf32>)
^bb2:
  cf.br ^bb3(%arg, %arg : memref<4xf32>, memref<4xf32>)
^bb3(%x: memref<4xf32>, %y: memref<4xf32>):
  %v = memref.load %x[%c0] : memref<4xf32>
  %w = memref.load %y[%c0] : memref<4xf32>
  %r = arith.addf %v, %w : f32
  memref.store %r, %out[%c0] : memref<4xf32>
  return
}

func.func @selected(%c: i1, %d: i1, %arg: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg : memref<4xf32>)
^bb2:
  %b = memref.alloc() : memref<4xf32>
  memref.store %one, %b[%c0] : memref<4xf32>
  %s = arith.select %d, %b, %arg : memref<4xf32>
  scf.if %d {
  } else {
    memref.dealloc %b : memref<4xf32>
  }
  cf.br ^bb3(%s : memref<4xf32>)
^bb3(%x: memref<4xf32>):
  %v = memref.load %x[%c0] : memref<4xf32>
  memref.store %v, %out[%c0] : memref<4xf32>
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %true = arith.constant true
  %false = arith.constant false
  %zero = arith.constant 0.0 : f32
  %arg = memref.alloc() : memref<4xf32>
  memref.store %zero, %arg[%c0] : memref<4xf32>
  %out = memref.alloc() : memref<4xf32>
  func.call @two_args(%true, %true, %arg, %out) : (i1, i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @two_args(%true, %false, %arg, %out) : (i1, i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @two_args(%false, %true, %arg, %out) : (i1, i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @two_args(%false, %false, %arg, %out) : (i1, i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @selected(%true, %true, %arg, %out) : (i1, i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @selected(%true, %false, %arg, %out) : (i1, i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @selected(%false, %true, %arg, %out) : (i1, i1, memref<4xf32>, memref<4xf32>) -> ()
  func.call @selected(%false, %false, %arg, %out) : (i1, i1, memref<4xf32>, memref<4xf32>) -> ()
  memref.dealloc %out : memref<4xf32>
  memref.dealloc %arg : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
