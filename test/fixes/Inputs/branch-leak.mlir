// A leak on one branch, for the --fix mode tests.
func.func @f(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  } else {
    %c0 = arith.constant 0 : index
    %x = memref.load %a[%c0] : memref<4xf32>
  }
  return
}
