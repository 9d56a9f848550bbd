// Top-level functions without a module, a string with "//" and braces.
func.func @leak_on_branch(%c: i1) {
  %a = memref.alloc() {tag = "// not a comment {"} : memref<16xf32>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  memref.dealloc %a : memref<16xf32>
  cf.br ^bb2
^bb2:
  return
}
func.func @ok() {
  %a = memref.alloc() : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}
func.func @free_twice_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.dealloc %a : memref<16xf32>
  }
  return
}
