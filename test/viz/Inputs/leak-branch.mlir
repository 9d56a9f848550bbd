// Leak on one branch: the else branch of the scf.if forgets the dealloc.
func.func @leak_on_branch(%cond: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %buf = memref.alloc() : memref<16xf32>
  memref.store %v, %buf[%c0] : memref<16xf32>
  scf.if %cond {
    memref.dealloc %buf : memref<16xf32>
  } else {
    %x = memref.load %buf[%c0] : memref<16xf32>
  }
  return
}

// No finding: not drawn by --viz-dir, drawn by viz.
func.func @clean() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  return
}
