// A leak on the path through one edge of a cf.switch whose selector is a
// select of an i1 between constants: when %c holds and %d does not, the
// switch takes its default edge with %arg and %a is lost. The fix-it frees
// %a before the switch under the decision that edge stands for.
// EXPECT-VALGRIND: definitely-lost

func.func @switch_on_select(%c: i1, %d: i1, %arg: memref<4xf32>) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %r = scf.if %d -> (memref<4xf32>) {
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %arg : memref<4xf32>
  }
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %k = arith.select %c, %one, %two : i32
  cf.switch %k : i32, [default: ^bb1(%r : memref<4xf32>), 2: ^bb1(%a : memref<4xf32>)]
^bb1(%p: memref<4xf32>):
  return %p : memref<4xf32>
}

// Frees what the kernel returns unless it is the caller's own buffer.
func.func @run(%c: i1, %d: i1, %x: memref<4xf32>) {
  %p = func.call @switch_on_select(%c, %d, %x) : (i1, i1, memref<4xf32>) -> memref<4xf32>
  %pi = memref.extract_aligned_pointer_as_index %p : memref<4xf32> -> index
  %xi = memref.extract_aligned_pointer_as_index %x : memref<4xf32> -> index
  %other = arith.cmpi ne, %pi, %xi : index
  scf.if %other {
    memref.dealloc %p : memref<4xf32>
  }
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %x = memref.alloc() : memref<4xf32>
  func.call @run(%t, %t, %x) : (i1, i1, memref<4xf32>) -> ()
  func.call @run(%t, %f, %x) : (i1, i1, memref<4xf32>) -> ()
  func.call @run(%f, %t, %x) : (i1, i1, memref<4xf32>) -> ()
  func.call @run(%f, %f, %x) : (i1, i1, memref<4xf32>) -> ()
  memref.dealloc %x : memref<4xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
