// A kernel that reads either the caller's buffer in place or a private
// scratch copy of it, picked by an arith.select inside an
// scf.execute_region, and reads the region's value after it. The scratch
// copy is never freed: where the select picks the caller's buffer it is
// dead at the select, where it picks the copy it leaves the region. No
// single dealloc fixes both: the fix-it frees the copy after the select
// where the select does not pick it, and the region's value after its last
// use where it does.
// EXPECT-VALGRIND: definitely-lost

func.func @first(%inplace: i1, %arg: memref<16xf32>) -> f32 {
  %r = scf.execute_region -> memref<16xf32> {
    %a = memref.alloc() : memref<16xf32>
    memref.copy %arg, %a : memref<16xf32> to memref<16xf32>
    %sel = arith.select %inplace, %arg, %a : memref<16xf32>
    scf.yield %sel : memref<16xf32>
  }
  %i0 = arith.constant 0 : index
  %x = memref.load %r[%i0] : memref<16xf32>
  return %x : f32
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    memref.store %one, %buf[%i] : memref<16xf32>
  }
  %x = func.call @first(%t, %buf) : (i1, memref<16xf32>) -> f32
  %y = func.call @first(%f, %buf) : (i1, memref<16xf32>) -> f32
  %s = arith.addf %x, %y : f32
  memref.store %s, %buf[%c0] : memref<16xf32>
  memref.dealloc %buf : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
