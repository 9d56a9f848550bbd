// A CFG loop frees its buffer at the top of its header and then writes it
// in the loop's body, handing a new buffer to the next iteration: a write
// after free on every iteration. The fix-it sinks the dealloc into the body
// (after the write) and the exit.
// EXPECT-VALGRIND: invalid-write

func.func @kernel(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  cf.br ^bb1(%c0, %a : index, memref<4xf32>)
^bb1(%i: index, %buf: memref<4xf32>):
  memref.dealloc %buf : memref<4xf32>
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %next = memref.alloc() : memref<4xf32>
  memref.store %cst, %buf[%c1] : memref<4xf32>
  %i1 = arith.addi %i, %c1 : index
  cf.br ^bb1(%i1, %next : index, memref<4xf32>)
^bb3:
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %n = %c0 to %c4 step %c1 {
    func.call @kernel(%n) : (index) -> ()
  }
  %ok = arith.constant 0 : i32
  return %ok : i32
}
