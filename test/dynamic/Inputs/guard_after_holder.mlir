// A kernel that works in the caller's buffer or in a fresh one, as %inplace
// decides, and then switches on %mode: case 0 reads a value from the work
// buffer (or from the caller's, as %direct picks), the default case runs a
// counting scf.while that does not touch it. The fresh buffer is never
// freed. A dealloc in the loop would run once per iteration, and one
// without a guard would free the caller's memory: the fix-it frees it
// after the switch, under the decision that yields it.
// EXPECT-VALGRIND: definitely-lost

func.func @work(%direct: i1, %mode: i1, %inplace: i1, %arg: memref<16xf32>,
                %out: memref<16xf32>) {
  %r = scf.if %inplace -> (memref<16xf32>) {
    scf.yield %arg : memref<16xf32>
  } else {
    %a = memref.alloc() : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %cst = arith.constant 2.0 : f32
  memref.store %cst, %r[%i0] : memref<16xf32>
  %k = arith.extui %mode : i1 to i32
  %ix = arith.index_cast %k : i32 to index
  scf.index_switch %ix
  case 0 {
    %sel = arith.select %direct, %arg, %r : memref<16xf32>
    %v = memref.load %sel[%i0] : memref<16xf32>
    memref.store %v, %out[%i0] : memref<16xf32>
    scf.yield
  }
  default {
    %n = scf.while (%w = %i0) : (index) -> (index) {
      %ok = arith.cmpi slt, %w, %i3 : index
      scf.condition(%ok) %w : index
    } do {
    ^bb0(%y: index):
      %next = arith.addi %y, %i1 : index
      scf.yield %next : index
    }
    %f = arith.index_cast %n : index to i32
    %v = arith.sitofp %f : i32 to f32
    memref.store %v, %out[%i1] : memref<16xf32>
    scf.yield
  }
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %arg = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  memref.store %one, %arg[%c0] : memref<16xf32>
  func.call @work(%t, %t, %t, %arg, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @work(%t, %t, %f, %arg, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @work(%t, %f, %t, %arg, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @work(%t, %f, %f, %arg, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @work(%f, %t, %t, %arg, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @work(%f, %t, %f, %arg, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @work(%f, %f, %t, %arg, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @work(%f, %f, %f, %arg, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %arg : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
