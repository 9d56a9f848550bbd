// Repeated smoothing with double buffering: each iteration allocates the next
// buffer and frees the current one, which is carried by the loop. The caller
// thinks the result must only be freed "if the loop produced a new buffer",
// but with zero trips the result is the initial buffer, which then leaks.
// The fix has to free the buffer on the other branch too (an else branch).
// EXPECT-VALGRIND: definitely-lost

func.func @smooth(%in: memref<8xf32>, %out: memref<8xf32>, %n: index, %clamp: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %half = arith.constant 0.5 : f32
  %init = memref.alloc() : memref<8xf32>
  scf.for %j = %c0 to %c8 step %c1 {
    %v = memref.load %in[%j] : memref<8xf32>
    memref.store %v, %init[%j] : memref<8xf32>
  }
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%cur = %init) -> (memref<8xf32>) {
    %next = memref.alloc() : memref<8xf32>
    scf.for %j = %c0 to %c8 step %c1 {
      %a = memref.load %cur[%j] : memref<8xf32>
      %h = arith.mulf %a, %half : f32
      %c = scf.if %clamp -> (f32) {
        %m = arith.maximumf %h, %half : f32
        scf.yield %m : f32
      } else {
        scf.yield %h : f32
      }
      memref.store %c, %next[%j] : memref<8xf32>
    }
    memref.dealloc %cur : memref<8xf32>
    scf.yield %next : memref<8xf32>
  }
  scf.for %j = %c0 to %c8 step %c1 {
    %v = memref.load %res[%j] : memref<8xf32>
    memref.store %v, %out[%j] : memref<8xf32>
  }
  %ran = arith.cmpi sgt, %n, %c0 : index
  scf.if %ran {
    memref.dealloc %res : memref<8xf32>
  }
  // BUG: with zero trips %res is %init, which is never freed.
  return
}

// Calls @smooth for every value of %clamp and trip counts 0, 1 and 3.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %in = memref.alloc() : memref<8xf32>
  %out = memref.alloc() : memref<8xf32>
  scf.for %j = %c0 to %c8 step %c1 {
    memref.store %one, %in[%j] : memref<8xf32>
  }
  func.call @smooth(%in, %out, %c0, %f) : (memref<8xf32>, memref<8xf32>, index, i1) -> ()
  func.call @smooth(%in, %out, %c0, %t) : (memref<8xf32>, memref<8xf32>, index, i1) -> ()
  func.call @smooth(%in, %out, %c1, %f) : (memref<8xf32>, memref<8xf32>, index, i1) -> ()
  func.call @smooth(%in, %out, %c1, %t) : (memref<8xf32>, memref<8xf32>, index, i1) -> ()
  func.call @smooth(%in, %out, %c3, %f) : (memref<8xf32>, memref<8xf32>, index, i1) -> ()
  func.call @smooth(%in, %out, %c3, %t) : (memref<8xf32>, memref<8xf32>, index, i1) -> ()
  memref.dealloc %in : memref<8xf32>
  memref.dealloc %out : memref<8xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
