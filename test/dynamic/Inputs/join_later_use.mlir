// A kernel that fills either a heap buffer (when %big) or a stack buffer
// (memref.alloca), merged by a join block whose argument is read only in a
// later block the join dominates; when %fallback, the heap buffer is
// dropped for the stack one. The heap buffer is never freed. The fix-it
// frees it on the edge that drops it, and passes an ownership flag with
// the join's argument to free it after its read in the later block, not at
// the top of the join, before it.
// EXPECT-VALGRIND: definitely-lost

func.func @fill(%big: i1, %fallback: i1) -> f32 {
  %i0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %s = memref.alloca() : memref<16xf32>
  memref.store %one, %s[%i0] : memref<16xf32>
  cf.cond_br %big, ^alloc, ^stack
^alloc:
  %a = memref.alloc() : memref<16xf32>
  memref.store %two, %a[%i0] : memref<16xf32>
  cf.cond_br %fallback, ^stack, ^join(%a : memref<16xf32>)
^stack:
  cf.br ^join(%s : memref<16xf32>)
^join(%p: memref<16xf32>):
  cf.br ^use
^use:
  %x = memref.load %p[%i0] : memref<16xf32>
  return %x : f32
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %out = memref.alloc() : memref<4xf32>
  %x0 = func.call @fill(%t, %t) : (i1, i1) -> f32
  %x1 = func.call @fill(%t, %f) : (i1, i1) -> f32
  %x2 = func.call @fill(%f, %t) : (i1, i1) -> f32
  %x3 = func.call @fill(%f, %f) : (i1, i1) -> f32
  %s0 = arith.addf %x0, %x1 : f32
  %s1 = arith.addf %x2, %x3 : f32
  %s = arith.addf %s0, %s1 : f32
  memref.store %s, %out[%c0] : memref<4xf32>
  memref.dealloc %out : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
