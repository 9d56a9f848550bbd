// A running-maximum kernel. The accumulator row is released on the last
// iteration of the loop (after its final value is written out), so when the
// loop runs zero times nobody frees it.
// EXPECT-VALGRIND: definitely-lost

func.func @running_max(%in: memref<4x8xf32>, %out: memref<8xf32>, %n: index, %relu: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %acc = memref.alloc() : memref<8xf32>
  scf.for %j = %c0 to %c8 step %c1 {
    memref.store %zero, %acc[%j] : memref<8xf32>
  }
  %last = arith.subi %n, %c1 : index
  scf.for %r = %c0 to %n step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %in[%r, %j] : memref<4x8xf32>
      %a = memref.load %acc[%j] : memref<8xf32>
      %m = arith.maximumf %a, %v : f32
      memref.store %m, %acc[%j] : memref<8xf32>
    }
    %is_last = arith.cmpi eq, %r, %last : index
    scf.if %is_last {
      scf.for %j = %c0 to %c8 step %c1 {
        %a = memref.load %acc[%j] : memref<8xf32>
        %o = scf.if %relu -> (f32) {
          %p = arith.maximumf %a, %zero : f32
          scf.yield %p : f32
        } else {
          scf.yield %a : f32
        }
        memref.store %o, %out[%j] : memref<8xf32>
      }
      // BUG: the only dealloc is here, on the last iteration.
      memref.dealloc %acc : memref<8xf32>
    }
  }
  return
}

// Calls @running_max for every value of %relu and trip counts 0, 1 and 3.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %in = memref.alloc() : memref<4x8xf32>
  %out = memref.alloc() : memref<8xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      memref.store %one, %in[%i, %j] : memref<4x8xf32>
    }
  }
  func.call @running_max(%in, %out, %c0, %f) : (memref<4x8xf32>, memref<8xf32>, index, i1) -> ()
  func.call @running_max(%in, %out, %c0, %t) : (memref<4x8xf32>, memref<8xf32>, index, i1) -> ()
  func.call @running_max(%in, %out, %c1, %f) : (memref<4x8xf32>, memref<8xf32>, index, i1) -> ()
  func.call @running_max(%in, %out, %c1, %t) : (memref<4x8xf32>, memref<8xf32>, index, i1) -> ()
  func.call @running_max(%in, %out, %c3, %f) : (memref<4x8xf32>, memref<8xf32>, index, i1) -> ()
  func.call @running_max(%in, %out, %c3, %t) : (memref<4x8xf32>, memref<8xf32>, index, i1) -> ()
  memref.dealloc %in : memref<4x8xf32>
  memref.dealloc %out : memref<8xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
