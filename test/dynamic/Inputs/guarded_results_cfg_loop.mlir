// A kernel with a CFG loop in an scf.execute_region whose header runs
// twice (a constant trip count: with none the exit could get the caller's
// buffer, which the fix-it's dealloc would free). Its scf.if on %c5 makes a
// fresh copy of the header's argument and yields it (passed to the next
// iteration) with the argument (passed on to the exit), or the caller's
// buffer with the argument where %c5 is false. The exit block reads what it
// gets into the output and allocates a buffer it frees only where %c3
// holds. Where %c5 holds both iterations' copies leak, and the exit's
// buffer leaks where %c3 is false, for each value of %c4 (only yielded).
// The kernel returns a fresh buffer that @main reads and frees. Where the
// last reference is lost both results of the scf.if hold a copy when %c5
// is true: the fix-it inserts a dealloc of each result of the op under that
// guard (a dealloc of one of them leaves the other's leak); the exit's
// buffer is freed in a new else branch.
// EXPECT-VALGRIND: definitely-lost

func.func @f(%c3: i1, %c4: i1, %c5: i1, %arg: memref<16xf32>, %out: memref<16xf32>) -> (memref<16xf32>) {
  %cst0 = arith.constant 0 : index
  %cst1 = arith.constant 1 : index
  %cst16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %r133 = scf.execute_region -> (i1) {
    cf.br ^bb109(%cst1, %arg : index, memref<16xf32>)
  ^bb109(%fuel111: index, %p112: memref<16xf32>):
    %r125, %r126 = scf.if %c5 -> (memref<16xf32>, memref<16xf32>) {
      %a124 = memref.alloc() : memref<16xf32>
      scf.for %j = %cst0 to %cst16 step %cst1 {
        %x = memref.load %p112[%j] : memref<16xf32>
        %y = arith.addf %x, %one : f32
        memref.store %y, %a124[%j] : memref<16xf32>
      }
      scf.yield %a124, %p112 : memref<16xf32>, memref<16xf32>
    } else {
      scf.yield %arg, %p112 : memref<16xf32>, memref<16xf32>
    }
    %more127 = arith.cmpi sgt, %fuel111, %cst0 : index
    %fuel128 = arith.subi %fuel111, %cst1 : index
    cf.cond_br %more127, ^bb109(%fuel128, %r125 : index, memref<16xf32>), ^bb110(%r126 : memref<16xf32>)
  ^bb110(%p118: memref<16xf32>):
    %v = memref.load %p118[%cst1] : memref<16xf32>
    %o = memref.load %out[%cst0] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %out[%cst0] : memref<16xf32>
    %a132 = memref.alloc() : memref<16xf32>
    memref.store %one, %a132[%cst0] : memref<16xf32>
    scf.if %c3 {
      memref.dealloc %a132 : memref<16xf32>
      scf.yield
    }
    scf.yield %c4 : i1
  }
  %a135 = memref.alloc() : memref<16xf32>
  memref.store %one, %a135[%cst0] : memref<16xf32>
  return %a135 : memref<16xf32>
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
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
  %m0 = func.call @f(%true, %true, %true, %in, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v0 = memref.load %m0[%i0] : memref<16xf32>
  memref.store %v0, %out[%i1] : memref<16xf32>
  memref.dealloc %m0 : memref<16xf32>
  %m1 = func.call @f(%true, %true, %false, %in, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v1 = memref.load %m1[%i0] : memref<16xf32>
  memref.store %v1, %out[%i1] : memref<16xf32>
  memref.dealloc %m1 : memref<16xf32>
  %m2 = func.call @f(%true, %false, %true, %in, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v2 = memref.load %m2[%i0] : memref<16xf32>
  memref.store %v2, %out[%i1] : memref<16xf32>
  memref.dealloc %m2 : memref<16xf32>
  %m3 = func.call @f(%true, %false, %false, %in, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v3 = memref.load %m3[%i0] : memref<16xf32>
  memref.store %v3, %out[%i1] : memref<16xf32>
  memref.dealloc %m3 : memref<16xf32>
  %m4 = func.call @f(%false, %true, %true, %in, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v4 = memref.load %m4[%i0] : memref<16xf32>
  memref.store %v4, %out[%i1] : memref<16xf32>
  memref.dealloc %m4 : memref<16xf32>
  %m5 = func.call @f(%false, %true, %false, %in, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v5 = memref.load %m5[%i0] : memref<16xf32>
  memref.store %v5, %out[%i1] : memref<16xf32>
  memref.dealloc %m5 : memref<16xf32>
  %m6 = func.call @f(%false, %false, %true, %in, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v6 = memref.load %m6[%i0] : memref<16xf32>
  memref.store %v6, %out[%i1] : memref<16xf32>
  memref.dealloc %m6 : memref<16xf32>
  %m7 = func.call @f(%false, %false, %false, %in, %out) : (i1, i1, i1, memref<16xf32>, memref<16xf32>) -> memref<16xf32>
  %v7 = memref.load %m7[%i0] : memref<16xf32>
  memref.store %v7, %out[%i1] : memref<16xf32>
  memref.dealloc %m7 : memref<16xf32>
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
