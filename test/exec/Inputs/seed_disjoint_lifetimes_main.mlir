// examples/seed_disjoint_lifetimes.mlir's kernel with a main that fills its
// inputs and prints a checksum of its output. main's buffers are passed to
// the call (they escape) and stay: 4 x 16 KiB; the kernel's two scratch
// buffers share one arena of 16 KiB.
// EXEC-UNPLANNED-BYTES: 65536
func.func @gated_rows(%x: memref<4096xf32>, %w_gate: memref<4096xf32>,
                      %w_up: memref<4096xf32>, %out: memref<4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %zero = arith.constant 0.0 : f32
  %gate = memref.alloc() : memref<4096xf32>
  scf.for %i = %c0 to %c4096 step %c1 {
    %v = memref.load %x[%i] : memref<4096xf32>
    %w = memref.load %w_gate[%i] : memref<4096xf32>
    %p = arith.mulf %v, %w : f32
    memref.store %p, %gate[%i] : memref<4096xf32>
  }
  scf.for %i = %c0 to %c4096 step %c1 {
    %g = memref.load %gate[%i] : memref<4096xf32>
    %r = arith.maximumf %g, %zero : f32
    memref.store %r, %out[%i] : memref<4096xf32>
  }
  memref.dealloc %gate : memref<4096xf32>
  %up = memref.alloc() : memref<4096xf32>
  scf.for %i = %c0 to %c4096 step %c1 {
    %v = memref.load %x[%i] : memref<4096xf32>
    %w = memref.load %w_up[%i] : memref<4096xf32>
    %p = arith.mulf %v, %w : f32
    memref.store %p, %up[%i] : memref<4096xf32>
  }
  scf.for %i = %c0 to %c4096 step %c1 {
    %u = memref.load %up[%i] : memref<4096xf32>
    %o = memref.load %out[%i] : memref<4096xf32>
    %r = arith.mulf %u, %o : f32
    memref.store %r, %out[%i] : memref<4096xf32>
  }
  memref.dealloc %up : memref<4096xf32>
  return
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %c7 = arith.constant 7 : index
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<4096xf32>
  %wg = memref.alloc() : memref<4096xf32>
  %wu = memref.alloc() : memref<4096xf32>
  %out = memref.alloc() : memref<4096xf32>
  scf.for %i = %c0 to %c4096 step %c1 {
    %m = arith.remui %i, %c7 : index
    %t = arith.index_cast %m : index to i32
    %f = arith.sitofp %t : i32 to f32
    %g = arith.subf %f, %f : f32
    %h = arith.constant 3.0 : f32
    %n = arith.subf %f, %h : f32
    memref.store %f, %x[%i] : memref<4096xf32>
    memref.store %n, %wg[%i] : memref<4096xf32>
    memref.store %h, %wu[%i] : memref<4096xf32>
    memref.store %g, %out[%i] : memref<4096xf32>
  }
  call @gated_rows(%x, %wg, %wu, %out) : (memref<4096xf32>, memref<4096xf32>, memref<4096xf32>, memref<4096xf32>) -> ()
  %sum = scf.for %i = %c0 to %c4096 step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %out[%i] : memref<4096xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  vector.print %sum : f32
  memref.dealloc %x : memref<4096xf32>
  memref.dealloc %wg : memref<4096xf32>
  memref.dealloc %wu : memref<4096xf32>
  memref.dealloc %out : memref<4096xf32>
  return
}
