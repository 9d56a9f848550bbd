// Double free in a loop: the dealloc of a buffer allocated before the loop
// runs on every iteration.
func.func @double_free_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<8xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.dealloc %buf : memref<8xi32>
  }
  return
}
