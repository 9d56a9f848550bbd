// Two nested scf.for loops carry a buffer that starts as the caller's; the
// inner body replaces it with a fresh copy when %copy is set (the shape of
// upstream loop_nested_alloc): each replaced copy, and the last one after the
// loops, leaks.
// EXPECT-VALGRIND: definitely-lost

func.func @kernel(%n: index, %copy: i1, %buf: memref<2xf32>, %res: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%b1 = %buf) -> (memref<2xf32>) {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%b2 = %b1) -> (memref<2xf32>) {
      %next = scf.if %copy -> (memref<2xf32>) {
        %fresh = memref.alloc() : memref<2xf32>
        %v = memref.load %b2[%c0] : memref<2xf32>
        memref.store %v, %fresh[%c0] : memref<2xf32>
        scf.yield %fresh : memref<2xf32>
      } else {
        scf.yield %b2 : memref<2xf32>
      }
      scf.yield %next : memref<2xf32>
    }
    scf.yield %r2 : memref<2xf32>
  }
  %x = memref.load %r[%c0] : memref<2xf32>
  memref.store %x, %res[%c0] : memref<2xf32>
  return
}

// Calls @kernel for both values of %copy, with trip counts 0, 1 and 3.
func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1.0 : f32
  %t = arith.constant true
  %f = arith.constant false
  %buf = memref.alloc() : memref<2xf32>
  %res = memref.alloc() : memref<2xf32>
  memref.store %one, %buf[%c0] : memref<2xf32>
  func.call @kernel(%c0, %f, %buf, %res) : (index, i1, memref<2xf32>, memref<2xf32>) -> ()
  func.call @kernel(%c0, %t, %buf, %res) : (index, i1, memref<2xf32>, memref<2xf32>) -> ()
  func.call @kernel(%c1, %f, %buf, %res) : (index, i1, memref<2xf32>, memref<2xf32>) -> ()
  func.call @kernel(%c1, %t, %buf, %res) : (index, i1, memref<2xf32>, memref<2xf32>) -> ()
  func.call @kernel(%c3, %f, %buf, %res) : (index, i1, memref<2xf32>, memref<2xf32>) -> ()
  func.call @kernel(%c3, %t, %buf, %res) : (index, i1, memref<2xf32>, memref<2xf32>) -> ()
  memref.dealloc %buf : memref<2xf32>
  memref.dealloc %res : memref<2xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
