// The CFG form of a loop whose iterations hand on either a fresh buffer or
// the entry block's buffer (on %p and the iteration's parity), read by the
// loop's header; the header's block argument is returned after the loop,
// and the caller frees it. The fresh buffer of an iteration leaks when the
// next one replaces it, and the entry block's buffer leaks when a fresh one
// is returned. The fix-it passes flags from block to block: one frees the
// carried fresh buffer on the edge into the next iteration (not at the
// exit, where the return still needs it), the other says whether the
// returned value is the entry block's buffer, which is freed before the
// return unless it is.
// EXPECT-VALGRIND: definitely-lost

func.func @build(%p: i1, %n: index) -> memref<2xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %outer = memref.alloc() : memref<2xf32>
  memref.store %one, %outer[%c0] : memref<2xf32>
  cf.br ^check(%c0, %outer : index, memref<2xf32>)
^check(%i: index, %cur: memref<2xf32>):
  %v = memref.load %cur[%c0] : memref<2xf32>
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^pick, ^exit
^pick:
  %parity = arith.remui %i, %c2 : index
  %even = arith.cmpi eq, %parity, %c0 : index
  %fresh = arith.xori %even, %p : i1
  cf.cond_br %fresh, ^then, ^else
^then:
  %a = memref.alloc() : memref<2xf32>
  %w = arith.addf %v, %one : f32
  memref.store %w, %a[%c0] : memref<2xf32>
  cf.br ^join(%a : memref<2xf32>)
^else:
  cf.br ^join(%outer : memref<2xf32>)
^join(%next: memref<2xf32>):
  %j = arith.addi %i, %c1 : index
  cf.br ^check(%j, %next : index, memref<2xf32>)
^exit:
  return %cur : memref<2xf32>
}

func.func @use(%p: i1, %n: index, %out: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %r = func.call @build(%p, %n) : (i1, index) -> memref<2xf32>
  %v = memref.load %r[%c0] : memref<2xf32>
  memref.store %v, %out[%c0] : memref<2xf32>
  memref.dealloc %r : memref<2xf32>
  return
}

func.func @main() -> i32 {
  %t = arith.constant true
  %f = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out = memref.alloc() : memref<2xf32>
  scf.for %n = %c0 to %c4 step %c1 {
    func.call @use(%t, %n, %out) : (i1, index, memref<2xf32>) -> ()
    func.call @use(%f, %n, %out) : (i1, index, memref<2xf32>) -> ()
  }
  memref.dealloc %out : memref<2xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
