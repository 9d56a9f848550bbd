// A buffer lost at two places: the loop's back-edge drops it, and the exit
// frees it only under %c. --fix frees it on the back-edge in one round and
// in a new else branch in the next (a repair in part, then the rest).
// EXPECT-VALGRIND: definitely-lost
func.func @rows(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%n : index)
^loop(%i: index):
  %row = memref.alloc() : memref<4xf32>
  %more = arith.cmpi sgt, %i, %c0 : index
  %next = arith.subi %i, %c1 : index
  cf.cond_br %more, ^loop(%next : index), ^done(%row : memref<4xf32>)
^done(%last: memref<4xf32>):
  scf.if %c {
    memref.dealloc %last : memref<4xf32>
  }
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %n0 = arith.constant 0 : index
  %n3 = arith.constant 3 : index
  func.call @rows(%n0, %t) : (index, i1) -> ()
  func.call @rows(%n0, %f) : (index, i1) -> ()
  func.call @rows(%n3, %t) : (index, i1) -> ()
  func.call @rows(%n3, %f) : (index, i1) -> ()
  %ok = arith.constant 0 : i32
  return %ok : i32
}
