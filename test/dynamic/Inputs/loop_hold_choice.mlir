// A kernel with an scf.for of %n iterations that carries a buffer, first
// %a (filled from the caller's %arg); where %c holds, each iteration's
// scf.if makes a fresh copy of the carried buffer plus one, frees the
// carried one and yields the copy, and otherwise it hands the carried
// buffer on. After the loop the kernel frees the loop's result (through a
// cast) and then reads %a into the output: a read of freed memory for each
// value of %c and each trip count (%a is freed in the first iteration, or
// it is the loop's result). The fix-it puts a hold flag on the loop: the
// iteration frees the carried buffer only where the flag says the loop
// made it, yields a select of %c between true (the fresh buffer) and the
// flag carried in, the dealloc after the loop runs under the flag the loop
// returns, and %a is freed after its last use.
// EXPECT-VALGRIND: invalid-read

func.func @f(%c: i1, %n: index, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %arg[%j] : memref<16xf32>
    memref.store %v, %a[%j] : memref<16xf32>
  }
  %r = scf.for %i = %i0 to %n step %i1 iter_args(%it = %a) -> (memref<16xf32>) {
    %next = scf.if %c -> (memref<16xf32>) {
      %b = memref.alloc() : memref<16xf32>
      scf.for %j = %i0 to %i16 step %i1 {
        %v = memref.load %it[%j] : memref<16xf32>
        %w = arith.addf %v, %one : f32
        memref.store %w, %b[%j] : memref<16xf32>
      }
      memref.dealloc %it : memref<16xf32>
      scf.yield %b : memref<16xf32>
    } else {
      scf.yield %it : memref<16xf32>
    }
    scf.yield %next : memref<16xf32>
  }
  %y = memref.load %r[%i1] : memref<16xf32>
  memref.store %y, %out[%i1] : memref<16xf32>
  %cast = memref.cast %r : memref<16xf32> to memref<?xf32>
  memref.dealloc %cast : memref<?xf32>
  %x = memref.load %a[%i1] : memref<16xf32>
  memref.store %x, %out[%i0] : memref<16xf32>
  return
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
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
  func.call @f(%true, %i0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %i1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%true, %i3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %i0, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %i1, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  func.call @f(%false, %i3, %in, %out) : (i1, index, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
