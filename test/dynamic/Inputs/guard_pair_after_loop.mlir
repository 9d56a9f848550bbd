// A kernel with a CFG loop that runs its header twice; it fills a fresh
// buffer %a from the caller's and returns a select on %c4 of an scf.if
// result and %a, where the scf.if (in the loop's header) yields %a when %c3
// holds and the caller's %arg otherwise. Each visit of the header also
// allocates a scratch buffer that the back-edge hands, with a view of %a,
// to the loop's body, which reads the view into it and it into the output.
// After the CFG loop, an scf.for makes views of %a (through an inner
// loop's iter_arg) and adds them into the output. The scratch buffers leak
// on every path, and %a leaks for %c4 true and %c3 false (the kernel
// returns the caller's buffer then); the path reported loses %a in the
// scf.for after the CFG loop. No single decision singles that path out;
// the fix-it puts the pair of guards `scf.if %c4 { scf.if %c3 {} else {
// memref.dealloc %a } }` right after that scf.for (the scratch buffers are
// freed where they are dropped). The empty scf.if on %c4 in the header is
// kept from cfg seed 55031 (test/fixes/guard-pair-after-loop.mlir): with it
// the pair is nested as there, %c4 outside. @main reads the result and
// frees it where it is the kernel's own.
// EXPECT-VALGRIND: definitely-lost

func.func @f(%c3: i1, %c4: i1, %arg: memref<16xf32>, %out: memref<16xf32>) -> memref<16xf32> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %i16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %arg[%j] : memref<16xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %a[%j] : memref<16xf32>
  }
  cf.br ^head(%i1 : index)
^body(%f2: index, %p: memref<8xf32, strided<[1]>>, %q: memref<?xf32>):
  %x = memref.load %p[%i1] : memref<8xf32, strided<[1]>>
  memref.store %x, %q[%i0] : memref<?xf32>
  %y = memref.load %q[%i0] : memref<?xf32>
  memref.store %y, %out[%i0] : memref<16xf32>
  cf.br ^head(%f2 : index)
^head(%fuel: index):
  %r, %rv = scf.if %c3 -> (memref<16xf32>, memref<?xf32>) {
    %d1 = memref.cast %a : memref<16xf32> to memref<?xf32>
    scf.yield %a, %d1 : memref<16xf32>, memref<?xf32>
  } else {
    %d2 = memref.cast %a : memref<16xf32> to memref<?xf32>
    scf.yield %arg, %d2 : memref<16xf32>, memref<?xf32>
  }
  %sel = arith.select %c4, %r, %a : memref<16xf32>
  %more = arith.cmpi sgt, %fuel, %i0 : index
  %next = arith.subi %fuel, %i1 : index
  %va = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %t = memref.alloc() : memref<16xf32>
  scf.if %c4 {
  }
  %dt = memref.cast %t : memref<16xf32> to memref<?xf32>
  cf.cond_br %more, ^body(%next, %va, %dt : index, memref<8xf32, strided<[1]>>, memref<?xf32>), ^exit
^exit:
  scf.for %i = %i0 to %i3 step %i1 {
    %rr = scf.for %k = %i0 to %i1 step %i1 iter_args(%it = %rv) -> (memref<?xf32>) {
      %d3 = memref.cast %a : memref<16xf32> to memref<?xf32>
      scf.yield %d3 : memref<?xf32>
    }
    %v = memref.load %rr[%i] : memref<?xf32>
    %o = memref.load %out[%i] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%i] : memref<16xf32>
  }
  return %sel : memref<16xf32>
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %i3 = arith.constant 3 : index
  %i16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  %m0 = func.call @f(%true, %true, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v0 = memref.load %m0[%i1] : memref<16xf32>
  memref.store %v0, %out[%i0] : memref<16xf32>
  memref.dealloc %m0 : memref<16xf32>
  %m1 = func.call @f(%true, %false, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v1 = memref.load %m1[%i1] : memref<16xf32>
  memref.store %v1, %out[%i1] : memref<16xf32>
  memref.dealloc %m1 : memref<16xf32>
  %m2 = func.call @f(%false, %true, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v2 = memref.load %m2[%i1] : memref<16xf32>
  memref.store %v2, %out[%i2] : memref<16xf32>
  %m3 = func.call @f(%false, %false, %in, %out) : (i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v3 = memref.load %m3[%i1] : memref<16xf32>
  memref.store %v3, %out[%i3] : memref<16xf32>
  memref.dealloc %m3 : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
