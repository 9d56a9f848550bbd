// 16 buffers chosen by 16 independent conditions, used, then freed under the
// same conditions: correct code that has 2^16 paths if each select splits the path.
func.func @many_selects(%c0: i1, %c1: i1, %c2: i1, %c3: i1, %c4: i1, %c5: i1, %c6: i1, %c7: i1, %c8: i1, %c9: i1, %c10: i1, %c11: i1, %c12: i1, %c13: i1, %c14: i1, %c15: i1, %i: index) -> f32 {
  %z = arith.constant 0.0 : f32
  %x0 = memref.alloc() : memref<16xf32>
  %y0 = memref.alloc() : memref<16xf32>
  %s0 = arith.select %c0, %x0, %y0 : memref<16xf32>
  %x1 = memref.alloc() : memref<16xf32>
  %y1 = memref.alloc() : memref<16xf32>
  %s1 = arith.select %c1, %x1, %y1 : memref<16xf32>
  %x2 = memref.alloc() : memref<16xf32>
  %y2 = memref.alloc() : memref<16xf32>
  %s2 = arith.select %c2, %x2, %y2 : memref<16xf32>
  %x3 = memref.alloc() : memref<16xf32>
  %y3 = memref.alloc() : memref<16xf32>
  %s3 = arith.select %c3, %x3, %y3 : memref<16xf32>
  %x4 = memref.alloc() : memref<16xf32>
  %y4 = memref.alloc() : memref<16xf32>
  %s4 = arith.select %c4, %x4, %y4 : memref<16xf32>
  %x5 = memref.alloc() : memref<16xf32>
  %y5 = memref.alloc() : memref<16xf32>
  %s5 = arith.select %c5, %x5, %y5 : memref<16xf32>
  %x6 = memref.alloc() : memref<16xf32>
  %y6 = memref.alloc() : memref<16xf32>
  %s6 = arith.select %c6, %x6, %y6 : memref<16xf32>
  %x7 = memref.alloc() : memref<16xf32>
  %y7 = memref.alloc() : memref<16xf32>
  %s7 = arith.select %c7, %x7, %y7 : memref<16xf32>
  %x8 = memref.alloc() : memref<16xf32>
  %y8 = memref.alloc() : memref<16xf32>
  %s8 = arith.select %c8, %x8, %y8 : memref<16xf32>
  %x9 = memref.alloc() : memref<16xf32>
  %y9 = memref.alloc() : memref<16xf32>
  %s9 = arith.select %c9, %x9, %y9 : memref<16xf32>
  %x10 = memref.alloc() : memref<16xf32>
  %y10 = memref.alloc() : memref<16xf32>
  %s10 = arith.select %c10, %x10, %y10 : memref<16xf32>
  %x11 = memref.alloc() : memref<16xf32>
  %y11 = memref.alloc() : memref<16xf32>
  %s11 = arith.select %c11, %x11, %y11 : memref<16xf32>
  %x12 = memref.alloc() : memref<16xf32>
  %y12 = memref.alloc() : memref<16xf32>
  %s12 = arith.select %c12, %x12, %y12 : memref<16xf32>
  %x13 = memref.alloc() : memref<16xf32>
  %y13 = memref.alloc() : memref<16xf32>
  %s13 = arith.select %c13, %x13, %y13 : memref<16xf32>
  %x14 = memref.alloc() : memref<16xf32>
  %y14 = memref.alloc() : memref<16xf32>
  %s14 = arith.select %c14, %x14, %y14 : memref<16xf32>
  %x15 = memref.alloc() : memref<16xf32>
  %y15 = memref.alloc() : memref<16xf32>
  %s15 = arith.select %c15, %x15, %y15 : memref<16xf32>
  %v0 = memref.subview %s0[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v0[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l0 = memref.load %s0[%i] : memref<16xf32>
  %v1 = memref.subview %s1[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v1[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l1 = memref.load %s1[%i] : memref<16xf32>
  %v2 = memref.subview %s2[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v2[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l2 = memref.load %s2[%i] : memref<16xf32>
  %v3 = memref.subview %s3[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v3[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l3 = memref.load %s3[%i] : memref<16xf32>
  %v4 = memref.subview %s4[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v4[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l4 = memref.load %s4[%i] : memref<16xf32>
  %v5 = memref.subview %s5[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v5[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l5 = memref.load %s5[%i] : memref<16xf32>
  %v6 = memref.subview %s6[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v6[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l6 = memref.load %s6[%i] : memref<16xf32>
  %v7 = memref.subview %s7[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v7[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l7 = memref.load %s7[%i] : memref<16xf32>
  %v8 = memref.subview %s8[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v8[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l8 = memref.load %s8[%i] : memref<16xf32>
  %v9 = memref.subview %s9[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v9[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l9 = memref.load %s9[%i] : memref<16xf32>
  %v10 = memref.subview %s10[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v10[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l10 = memref.load %s10[%i] : memref<16xf32>
  %v11 = memref.subview %s11[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v11[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l11 = memref.load %s11[%i] : memref<16xf32>
  %v12 = memref.subview %s12[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v12[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l12 = memref.load %s12[%i] : memref<16xf32>
  %v13 = memref.subview %s13[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v13[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l13 = memref.load %s13[%i] : memref<16xf32>
  %v14 = memref.subview %s14[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v14[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l14 = memref.load %s14[%i] : memref<16xf32>
  %v15 = memref.subview %s15[4] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: 4>>
  memref.store %z, %v15[%i] : memref<4xf32, strided<[1], offset: 4>>
  %l15 = memref.load %s15[%i] : memref<16xf32>
  scf.if %c0 {
    memref.dealloc %s0 : memref<16xf32>
    memref.dealloc %y0 : memref<16xf32>
  } else {
    memref.dealloc %s0 : memref<16xf32>
    memref.dealloc %x0 : memref<16xf32>
  }
  scf.if %c1 {
    memref.dealloc %s1 : memref<16xf32>
    memref.dealloc %y1 : memref<16xf32>
  } else {
    memref.dealloc %s1 : memref<16xf32>
    memref.dealloc %x1 : memref<16xf32>
  }
  scf.if %c2 {
    memref.dealloc %s2 : memref<16xf32>
    memref.dealloc %y2 : memref<16xf32>
  } else {
    memref.dealloc %s2 : memref<16xf32>
    memref.dealloc %x2 : memref<16xf32>
  }
  scf.if %c3 {
    memref.dealloc %s3 : memref<16xf32>
    memref.dealloc %y3 : memref<16xf32>
  } else {
    memref.dealloc %s3 : memref<16xf32>
    memref.dealloc %x3 : memref<16xf32>
  }
  scf.if %c4 {
    memref.dealloc %s4 : memref<16xf32>
    memref.dealloc %y4 : memref<16xf32>
  } else {
    memref.dealloc %s4 : memref<16xf32>
    memref.dealloc %x4 : memref<16xf32>
  }
  scf.if %c5 {
    memref.dealloc %s5 : memref<16xf32>
    memref.dealloc %y5 : memref<16xf32>
  } else {
    memref.dealloc %s5 : memref<16xf32>
    memref.dealloc %x5 : memref<16xf32>
  }
  scf.if %c6 {
    memref.dealloc %s6 : memref<16xf32>
    memref.dealloc %y6 : memref<16xf32>
  } else {
    memref.dealloc %s6 : memref<16xf32>
    memref.dealloc %x6 : memref<16xf32>
  }
  scf.if %c7 {
    memref.dealloc %s7 : memref<16xf32>
    memref.dealloc %y7 : memref<16xf32>
  } else {
    memref.dealloc %s7 : memref<16xf32>
    memref.dealloc %x7 : memref<16xf32>
  }
  scf.if %c8 {
    memref.dealloc %s8 : memref<16xf32>
    memref.dealloc %y8 : memref<16xf32>
  } else {
    memref.dealloc %s8 : memref<16xf32>
    memref.dealloc %x8 : memref<16xf32>
  }
  scf.if %c9 {
    memref.dealloc %s9 : memref<16xf32>
    memref.dealloc %y9 : memref<16xf32>
  } else {
    memref.dealloc %s9 : memref<16xf32>
    memref.dealloc %x9 : memref<16xf32>
  }
  scf.if %c10 {
    memref.dealloc %s10 : memref<16xf32>
    memref.dealloc %y10 : memref<16xf32>
  } else {
    memref.dealloc %s10 : memref<16xf32>
    memref.dealloc %x10 : memref<16xf32>
  }
  scf.if %c11 {
    memref.dealloc %s11 : memref<16xf32>
    memref.dealloc %y11 : memref<16xf32>
  } else {
    memref.dealloc %s11 : memref<16xf32>
    memref.dealloc %x11 : memref<16xf32>
  }
  scf.if %c12 {
    memref.dealloc %s12 : memref<16xf32>
    memref.dealloc %y12 : memref<16xf32>
  } else {
    memref.dealloc %s12 : memref<16xf32>
    memref.dealloc %x12 : memref<16xf32>
  }
  scf.if %c13 {
    memref.dealloc %s13 : memref<16xf32>
    memref.dealloc %y13 : memref<16xf32>
  } else {
    memref.dealloc %s13 : memref<16xf32>
    memref.dealloc %x13 : memref<16xf32>
  }
  scf.if %c14 {
    memref.dealloc %s14 : memref<16xf32>
    memref.dealloc %y14 : memref<16xf32>
  } else {
    memref.dealloc %s14 : memref<16xf32>
    memref.dealloc %x14 : memref<16xf32>
  }
  scf.if %c15 {
    memref.dealloc %s15 : memref<16xf32>
    memref.dealloc %y15 : memref<16xf32>
  } else {
    memref.dealloc %s15 : memref<16xf32>
    memref.dealloc %x15 : memref<16xf32>
  }
  return %l0 : f32
}
