// A kernel that builds its result in a loop: each iteration either fills a
// fresh buffer or falls back to a scratch buffer allocated before the loop,
// as an scf.if in the body decides (on %p and the iteration's parity), and
// the loop's value is returned to the caller, which frees it. The fresh
// buffer of an iteration leaks when the next iteration replaces it, and the
// scratch buffer leaks when the loop's value is a fresh buffer. The fix-it
// carries two flags with the loop: whether the carried buffer is the loop's
// own (freed by the next iteration), and whether the loop's value is the
// scratch buffer (freed after the loop if not).
// EXPECT-VALGRIND: definitely-lost

func.func @build(%p: i1, %n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %scratch = memref.alloc() : memref<2xf32>
  memref.store %one, %scratch[%c0] : memref<2xf32>
  memref.store %one, %scratch[%c1] : memref<2xf32>
  %r = scf.for %i = %c0 to %n step %c1
      iter_args(%carried = %scratch) -> memref<2xf32> {
    %v = memref.load %carried[%c0] : memref<2xf32>
    %parity = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %parity, %c0 : index
    %fresh = arith.xori %even, %p : i1
    %next = scf.if %fresh -> (memref<2xf32>) {
      %a = memref.alloc() : memref<2xf32>
      %w = arith.addf %v, %one : f32
      memref.store %w, %a[%c0] : memref<2xf32>
      memref.store %w, %a[%c1] : memref<2xf32>
      scf.yield %a : memref<2xf32>
    } else {
      scf.yield %scratch : memref<2xf32>
    }
    scf.yield %next : memref<2xf32>
  }
  return %r : memref<2xf32>
}

func.func @use(%p: i1, %n: index, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %r = func.call @build(%p, %n) : (i1, index) -> memref<2xf32>
  %v = memref.load %r[%c0] : memref<2xf32>
  memref.store %v, %out[%c0] : memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out = memref.alloc() : memref<2xf32>
  scf.for %n = %c0 to %c4 step %c1 {
    func.call @use(%t, %n, %out) : (i1, index, memref<2xf32>) -> ()
    func.call @use(%f, %n, %out) : (i1, index, memref<2xf32>) -> ()
  }
  memref.dealloc %out : memref<2xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
