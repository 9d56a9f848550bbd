// The function returns a select of %a1 and %a2 and frees %a2 when it returns
// %a1; %a1 leaks when %c is false. Its last reference is lost in a loop
// that does not use it.
// EXPECT-VALGRIND: definitely-lost

func.func @pick(%c: i1, %n: index) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a1 = memref.alloc() : memref<16xf32>
  %a2 = memref.alloc() : memref<16xf32>
  %sel = arith.select %c, %a1, %a2 : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:
  memref.store %one, %a1[%c0] : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<16xf32>
    memref.store %one, %t[%i] : memref<16xf32>
    memref.dealloc %t : memref<16xf32>
  }
  scf.if %c {
    memref.dealloc %a2 : memref<16xf32>
  }
  return %sel : memref<16xf32>
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %t = arith.constant true
  %f = arith.constant false
  %r0 = func.call @pick(%t, %c0) : (i1, index) -> memref<16xf32>
  memref.dealloc %r0 : memref<16xf32>
  %r1 = func.call @pick(%f, %c0) : (i1, index) -> memref<16xf32>
  memref.dealloc %r1 : memref<16xf32>
  %r2 = func.call @pick(%t, %c2) : (i1, index) -> memref<16xf32>
  memref.dealloc %r2 : memref<16xf32>
  %r3 = func.call @pick(%f, %c2) : (i1, index) -> memref<16xf32>
  memref.dealloc %r3 : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
