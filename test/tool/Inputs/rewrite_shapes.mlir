// Shapes plan --rewrite must keep as they are, beside ones it moves.
func.func private @consume(memref<16xf32>)

func.func @moves(%n: index) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  // a comment that survives
  %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
  memref.store %f, %a[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  %b = memref.alloc() : memref<4x4xf32>
  memref.store %f, %b[%c0, %c0] : memref<4x4xf32>
  memref.dealloc %b : memref<4x4xf32>
  // escapes: returned
  %r = memref.alloc() : memref<8xf32>
  // escapes: passed to an unknown callee
  %e = memref.alloc() : memref<16xf32>
  call @consume(%e) : (memref<16xf32>) -> ()
  memref.dealloc %e : memref<16xf32>
  // dynamic shape
  %d = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %d[%c0] : memref<?xf32>
  memref.dealloc %d : memref<?xf32>
  // a scratch buffer per iteration moves; one carried across iterations stays
  %init = memref.alloc() : memref<4xf32>
  %last = scf.for %i = %c0 to %c4 step %c1 iter_args(%cur = %init) -> (memref<4xf32>) {
    %t = memref.alloc() : memref<4xf32>
    memref.store %f, %t[%c0] : memref<4xf32>
    memref.dealloc %t : memref<4xf32>
    %next = memref.alloc() : memref<4xf32>
    %v = memref.load %cur[%c0] : memref<4xf32>
    memref.store %v, %next[%c0] : memref<4xf32>
    memref.dealloc %cur : memref<4xf32>
    scf.yield %next : memref<4xf32>
  }
  memref.dealloc %last : memref<4xf32>
  // allocated in a parallel loop
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %p = memref.alloc() : memref<4xf32>
    memref.store %f, %p[%c0] : memref<4xf32>
    memref.dealloc %p : memref<4xf32>
    scf.reduce
  }
  // another memory space: alone there
  %s = memref.alloc() : memref<4xf32, 1>
  memref.store %f, %s[%c0] : memref<4xf32, 1>
  memref.dealloc %s : memref<4xf32, 1>
  return %r : memref<8xf32>
}
