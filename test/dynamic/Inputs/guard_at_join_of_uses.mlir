// A kernel (from test/fixes/guard-at-join-of-uses.mlir) whose
// scf.execute_region allocates %a76 (filled from %a65, itself a copy of the
// caller's %arg, and added into the output), picks it (%c0 true) or %a66
// (%c0 false) as %p71, frees %p71 where %c2 is false, then yields %a76 as
// %r101; a subview of %r101 is handed to ^bb52 either at once (%c3 false)
// or after a CFG loop of two iterations that reads %a102 into the output,
// and its exit block ^bb51 (%c3 true). %r101 leaks where %c0 is false or
// %c2 is true; %a65, %a102 and (where %c0 or %c2 is true) %a66 leak too.
// The path reported loses %r101 in ^bb51, which the paths with %c3 false
// do not reach: a dealloc there under any guard would leave their leak.
// The fix-it frees %r101 at ^bb52, where the paths of its uses join, under
// the two decisions that hand it there and free it (scf.if %c0 / else, scf.if
// %c2 / else); the other rounds free the rest after their last uses. The
// kernel's i1 arguments are the complements of %c0, %c2, %c3, %c4, and main
// draws them from the bits of a loop counter passed through libc's abs, so
// that the analysis sees every assignment as possible at each call: with
// constant conditions at sixteen calls (the leaks on every path of main),
// or with the conditions passed as they are, the path reported is another
// one and the tool frees %r101 by other means.
// EXPECT-VALGRIND: definitely-lost

func.func @f(%d0: i1, %d2: i1, %d3: i1, %d4: i1, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %t = arith.constant true
  %c0 = arith.xori %d0, %t : i1
  %c2 = arith.xori %d2, %t : i1
  %c3 = arith.xori %d3, %t : i1
  %c4 = arith.xori %d4, %t : i1
  %cst64 = arith.constant 1 : index
  %i0 = arith.constant 0 : index
  %i16 = arith.constant 16 : index
  %two = arith.constant 2.0 : f32
  %a65 = memref.alloc() : memref<16xf32>
  %a66 = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %cst64 {
    %v = memref.load %arg[%j] : memref<16xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %v, %a65[%j] : memref<16xf32>
    memref.store %w, %a66[%j] : memref<16xf32>
  }
  %r101 = scf.execute_region -> (memref<16xf32>) {
    %a76 = memref.alloc() : memref<16xf32>
    scf.for %j = %i0 to %i16 step %cst64 {
      %v = memref.load %a65[%j] : memref<16xf32>
      %w = arith.addf %v, %two : f32
      memref.store %w, %a76[%j] : memref<16xf32>
      %o = memref.load %out[%j] : memref<16xf32>
      %u = arith.addf %w, %o : f32
      memref.store %u, %out[%j] : memref<16xf32>
    }
    cf.cond_br %c0, ^bb68(%a76 : memref<16xf32>), ^bb68(%a66 : memref<16xf32>)
  ^bb68(%p71: memref<16xf32>):
    scf.if %c2 {
      scf.yield
    } else {
      memref.dealloc %p71 : memref<16xf32>
      scf.yield
    }
    %k85 = arith.extui %c4 : i1 to i32
    cf.switch %k85 : i32, [default: ^bb69(%p71 : memref<16xf32>), 0: ^bb69(%a65 : memref<16xf32>), 2: ^bb69(%a66 : memref<16xf32>)]
  ^bb69(%p75: memref<16xf32>):
    scf.yield %a76 : memref<16xf32>
  }
  %a102 = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %cst64 {
    %v = memref.load %arg[%j] : memref<16xf32>
    memref.store %v, %a102[%j] : memref<16xf32>
  }
  %v103 = memref.subview %r101[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.cond_br %c3, ^bb50(%cst64, %a102, %c4 : index, memref<16xf32>, i1), ^bb52(%cst64, %c2, %v103 : index, i1, memref<8xf32, strided<[1]>>)
^bb50(%fuel53: index, %p54: memref<16xf32>, %p55: i1):
  %x = memref.load %p54[%fuel53] : memref<16xf32>
  %y = memref.load %out[%fuel53] : memref<16xf32>
  %z = arith.addf %x, %y : f32
  memref.store %z, %out[%fuel53] : memref<16xf32>
  %cst106 = arith.constant 0 : index
  %more107 = arith.cmpi sgt, %fuel53, %cst106 : index
  %fuel108 = arith.subi %fuel53, %cst64 : index
  %cst109 = arith.constant true
  cf.cond_br %more107, ^bb50(%fuel108, %a102, %cst109 : index, memref<16xf32>, i1), ^bb51(%fuel53 : index)
^bb51(%fuel56: index):
  cf.cond_br %c0, ^bb52(%fuel56, %c4, %v103 : index, i1, memref<8xf32, strided<[1]>>), ^bb52(%fuel56, %cst109, %v103 : index, i1, memref<8xf32, strided<[1]>>)
^bb52(%fuel61: index, %p62: i1, %p63: memref<8xf32, strided<[1]>>):
  return
}

// libc's abs: an identity on 0..15 that the analysis cannot see through.
func.func private @abs(i32) -> i32

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %zero32 = arith.constant 0 : i32
  %bit0 = arith.constant 1 : i32
  %bit1 = arith.constant 2 : i32
  %bit2 = arith.constant 4 : i32
  %bit3 = arith.constant 8 : i32
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  scf.for %k = %i0 to %i16 step %i1 {
    %ki = arith.index_cast %k : index to i32
    %kk = func.call @abs(%ki) : (i32) -> i32
    %b0 = arith.andi %kk, %bit0 : i32
    %b1 = arith.andi %kk, %bit1 : i32
    %b2 = arith.andi %kk, %bit2 : i32
    %b3 = arith.andi %kk, %bit3 : i32
    %c0 = arith.cmpi ne, %b0, %zero32 : i32
    %c2 = arith.cmpi ne, %b1, %zero32 : i32
    %c3 = arith.cmpi ne, %b2, %zero32 : i32
    %c4 = arith.cmpi ne, %b3, %zero32 : i32
    func.call @f(%c0, %c2, %c3, %c4, %in, %out) : (i1, i1, i1, i1, memref<16xf32>, memref<16xf32>) -> ()
  }
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
