// A CFG loop's header argument that holds the caller's memory on entry and
// the iteration before's buffer on the back-edge, picked against the
// caller's memory by an scf.if (cfg seed 6080). Two places lose the buffer,
// each needing its own edit: the exit, which drops the last iteration's
// buffer, and the header's argument, which the block after the loop reads
// through the scf.if. Both are lost at the same exit edge, so the first
// repair (the last iteration's buffer freed after the exit block's last use)
// leaves the same witness, on some path instead of every path: that counts
// as a repair in part, and the next round frees the header's argument under
// an ownership flag.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left
// FIXED: cf.br ^bb2(%one, %arg, %memlint_false_{{[0-9]+}} :
// FIXED: cf.cond_br %c1, ^bb2(%fuel1, %a, %memlint_true_{{[0-9]+}} :
// FIXED: ^bb2(%fuel2: index, %p: memref<16xf32>, %[[OWN:memlint_own_[0-9]+_1]]: i1):
// FIXED: memref.store
// FIXED-NEXT: scf.if %[[OWN]] {
// FIXED-NEXT: memref.dealloc %p : memref<16xf32>
// FIXED-NEXT: }
// FIXED-NEXT: memref.dealloc %a : memref<16xf32>
// FIXED-NEXT: return

func.func @f(%c1: i1, %c5: i1, %arg: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : index
  cf.br ^bb2(%one, %arg : index, memref<16xf32>)
^bb1(%fuel1: index, %p1: memref<16xf32>):
  %u = scf.if %c5 -> (memref<16xf32>) {
    scf.yield %p : memref<16xf32>
  } else {
    scf.yield %arg : memref<16xf32>
  }
  cf.cond_br %c1, ^bb2(%fuel1, %a : index, memref<16xf32>), ^bb4(%v2, %v2 : memref<8xf32, strided<[1]>>, memref<8xf32, strided<[1]>>)
^bb2(%fuel2: index, %p: memref<16xf32>):
  %r = scf.if %c5 -> (memref<16xf32>) {
    scf.yield %arg : memref<16xf32>
  } else {
    scf.yield %p : memref<16xf32>
  }
  %d = memref.cast %r : memref<16xf32> to memref<?xf32>
  %v = memref.subview %d[0] [8] [1] : memref<?xf32> to memref<8xf32, strided<[1]>>
  cf.br ^bb3(%fuel2, %d : index, memref<?xf32>)
^bb3(%fuel3: index, %h: memref<?xf32>):
  %a = memref.alloc() : memref<16xf32>
  %more = arith.cmpi sgt, %fuel3, %c0 : index
  %next = arith.subi %fuel3, %one : index
  %v2 = memref.subview %h[0] [8] [1] : memref<?xf32> to memref<8xf32, strided<[1]>>
  cf.cond_br %more, ^bb1(%next, %a : index, memref<16xf32>), ^bb4(%v2, %v : memref<8xf32, strided<[1]>>, memref<8xf32, strided<[1]>>)
^bb4(%e1: memref<8xf32, strided<[1]>>, %e2: memref<8xf32, strided<[1]>>):
  %x = memref.load %h[%c0] : memref<?xf32>
  %z = arith.constant 0.0 : f32
  memref.store %z, %e2[%c0] : memref<8xf32, strided<[1]>>
  return
}
