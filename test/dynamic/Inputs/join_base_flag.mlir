// A kernel that sums the first half of a vector: where %c says the
// caller's buffer is already normalized it takes a subview of it, otherwise
// a block that only the false edge of the cf.cond_br enters allocates a
// scaled copy and takes the same subview of the copy. The join's argument
// is the half view; the copy itself never reaches the join and is never
// freed: it leaks where %c is false. A dealloc of the join's argument would
// free an interior view, and the copy's name is not visible there, so the
// fix-it gives the join two arguments more, the base buffer and its
// ownership flag (the copy and true from the allocating edge, the caller's
// buffer and false from the other), and frees the base under the flag
// after the last read of the view.
// EXPECT-VALGRIND: definitely-lost

func.func @half_sum(%c: i1, %arg: memref<16xf32>, %out: memref<1xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i8 = arith.constant 8 : index
  %i16 = arith.constant 16 : index
  %scale = arith.constant 0.5 : f32
  %zero = arith.constant 0.0 : f32
  %v = memref.subview %arg[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.cond_br %c, ^sum(%v : memref<8xf32, strided<[1]>>), ^scale
^scale:
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %x = memref.load %arg[%j] : memref<16xf32>
    %y = arith.mulf %x, %scale : f32
    memref.store %y, %a[%j] : memref<16xf32>
  }
  %w = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.br ^sum(%w : memref<8xf32, strided<[1]>>)
^sum(%p: memref<8xf32, strided<[1]>>):
  %s = scf.for %j = %i0 to %i8 step %i1 iter_args(%acc = %zero) -> (f32) {
    %x = memref.load %p[%j] : memref<8xf32, strided<[1]>>
    %n = arith.addf %acc, %x : f32
    scf.yield %n : f32
  }
  %o = memref.load %out[%i0] : memref<1xf32>
  %t = arith.addf %o, %s : f32
  memref.store %t, %out[%i0] : memref<1xf32>
  return
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
  %out = memref.alloc() : memref<1xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %in[%j] : memref<16xf32>
  }
  memref.store %zero, %out[%i0] : memref<1xf32>
  func.call @half_sum(%true, %in, %out) : (i1, memref<16xf32>, memref<1xf32>) -> ()
  func.call @half_sum(%false, %in, %out) : (i1, memref<16xf32>, memref<1xf32>) -> ()
  memref.dealloc %out : memref<1xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
