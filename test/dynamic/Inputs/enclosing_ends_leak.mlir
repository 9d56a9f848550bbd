// Buffers of nested regions whose last reference is lost where no name of
// them is left: one read in a later block of the scf.execute_region around
// the region op that allocates it, one yielded by an scf.if inside an
// scf.execute_region and freed through a select only when the select picks
// it (else the caller's other buffer is freed and it leaks, and the other
// buffer leaks when the select picks it). The fix-its free each at the end
// of a block that encloses its allocation, under the leak's guards.
// EXPECT-VALGRIND: definitely-lost

func.func @used_in_later_block(%arg: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %x = scf.execute_region -> f32 {
    %r = scf.execute_region -> memref<4xf32> {
      %a = memref.alloc() : memref<4xf32>
      memref.store %one, %a[%c0] : memref<4xf32>
      scf.yield %a : memref<4xf32>
    }
    cf.br ^bb1
  ^bb1:
    %v = memref.load %r[%c0] : memref<4xf32>
    scf.yield %v : f32
  }
  return %x : f32
}

func.func @picked_in_region(%c: i1, %d: i1) {
  %b = memref.alloc() : memref<4xf32>
  scf.execute_region {
    %r = scf.if %c -> (memref<4xf32>) {
      %a = memref.alloc() : memref<4xf32>
      scf.yield %a : memref<4xf32>
    } else {
      scf.yield %b : memref<4xf32>
    }
    %s = arith.select %d, %r, %b : memref<4xf32>
    memref.dealloc %s : memref<4xf32>
    scf.yield
  }
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %x = memref.alloc() : memref<4xf32>
  %v = func.call @used_in_later_block(%x) : (memref<4xf32>) -> f32
  func.call @picked_in_region(%t, %t) : (i1, i1) -> ()
  func.call @picked_in_region(%t, %f) : (i1, i1) -> ()
  func.call @picked_in_region(%f, %t) : (i1, i1) -> ()
  func.call @picked_in_region(%f, %f) : (i1, i1) -> ()
  memref.dealloc %x : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
