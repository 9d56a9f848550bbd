// A kernel with a CFG loop of %n iterations whose body fills a fresh
// buffer from the one the header's argument holds (adding one where %c
// holds), frees it, and hands it on the back-edge to the header's argument
// in place of what the argument held; the exit reads the argument into
// the output and frees it. For each value of %c and each trip count but 0
// the exit reads and frees the last iteration's buffer, freed already, and
// the buffer the loop was entered with leaks. The fix-it frees the header's
// argument, which the back-edge drops, instead of the iteration's own
// buffer, which it hands on; the exit keeps its dealloc after the read.
// EXPECT-VALGRIND: definitely-lost invalid-read invalid-free

func.func @any(%c: i1, %n: index, %out: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  %init = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %one, %init[%j] : memref<16xf32>
  }
  cf.br ^bb1(%i0, %init : index, memref<16xf32>)
^bb1(%i: index, %buf: memref<16xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %b = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    %v = memref.load %buf[%j] : memref<16xf32>
    memref.store %v, %b[%j] : memref<16xf32>
  }
  scf.if %c {
    %v = memref.load %b[%i0] : memref<16xf32>
    %w = arith.addf %v, %one : f32
    memref.store %w, %b[%i0] : memref<16xf32>
  }
  memref.dealloc %b : memref<16xf32>
  %next = arith.addi %i, %i1 : index
  cf.br ^bb1(%next, %b : index, memref<16xf32>)
^bb3:
  %x = memref.load %buf[%i0] : memref<16xf32>
  memref.store %x, %out[%i0] : memref<16xf32>
  memref.dealloc %buf : memref<16xf32>
  return
}

func.func @main() -> i32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i3 = arith.constant 3 : index
  %i16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %zero = arith.constant 0.0 : f32
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %i0 to %i16 step %i1 {
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  func.call @any(%true, %i0, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @any(%true, %i1, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @any(%true, %i3, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @any(%false, %i0, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @any(%false, %i1, %out) : (i1, index, memref<16xf32>) -> ()
  func.call @any(%false, %i3, %out) : (i1, index, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
