// A CFG loop's back-edge hands its header the result of an
// scf.execute_region that yields the iteration's own buffer (its other
// block, which no edge enters, yields something else and never runs); the
// exit edge drops that result and hands on the header's argument, the
// iteration before's buffer (docs/fixits.md, "ownership flags along a chain
// of blocks"). The chain was built only in the region of the allocation,
// where no block argument holds it, and the leak stayed after --fix (cfg
// seed 57056, reduced: @region). The chain is now built from the region
// op's result, in the region around it. In @view the exit edge also hands
// on a subview of the header's argument: that argument got a flag of its
// own and was freed (an invalid free of an interior view), and the leak
// stayed; an argument that receives an interior view is no owner.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: 0 findings left

func.func @region(%c0: i1, %arg: memref<16xf32>) {
  %cst2 = arith.constant 2 : index
  cf.br ^bb1(%cst2, %arg : index, memref<16xf32>)
^bb1(%fuel: index, %p: memref<16xf32>):
  cf.cond_br %c0, ^bb2(%fuel : index), ^bb3(%arg : memref<16xf32>)
^bb2(%f2: index):
  %r = scf.execute_region -> (memref<16xf32>) {
    cf.br ^bb5
  ^bb4(%u: memref<16xf32>):
    scf.yield %u : memref<16xf32>
  ^bb5:
    %a = memref.alloc() : memref<16xf32>
    scf.yield %a : memref<16xf32>
  }
  %cst0 = arith.constant 0 : index
  %cst1 = arith.constant 1 : index
  %more = arith.cmpi sgt, %f2, %cst0 : index
  %next = arith.subi %f2, %cst1 : index
  cf.cond_br %more, ^bb1(%next, %r : index, memref<16xf32>), ^bb3(%p : memref<16xf32>)
^bb3(%q: memref<16xf32>):
  %cst3 = arith.constant 0 : index
  %x = memref.load %q[%cst3] : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @region(
// FIXED:      ^bb1(%fuel: index, %p: memref<16xf32>, %memlint_own_[[L:[0-9]+]]_bb1_1: i1):
// FIXED:        cf.cond_br %more, ^memlint_chain_[[L]]_1, ^memlint_chain_[[L]]_2
// FIXED-NEXT: ^memlint_chain_[[L]]_1:
// FIXED-NEXT:   scf.if %memlint_own_[[L]]_bb1_1 {
// FIXED-NEXT:     memref.dealloc %p : memref<16xf32>
// FIXED-NEXT:   }
// FIXED-NEXT:   cf.br ^bb1(%next, %r, %memlint_true_[[L]] : index, memref<16xf32>, i1)
// FIXED-NEXT: ^memlint_chain_[[L]]_2:
// FIXED-NEXT:   memref.dealloc %r : memref<16xf32>
// FIXED-NEXT:   cf.br ^bb3(%p, %memlint_own_[[L]]_bb1_1 : memref<16xf32>, i1)

func.func @view(%c0: i1, %arg: memref<16xf32>) {
  %cst2 = arith.constant 2 : index
  cf.br ^bb1(%cst2, %arg : index, memref<16xf32>)
^bb1(%fuel: index, %p: memref<16xf32>):
  %v = memref.subview %p[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.cond_br %c0, ^bb2(%fuel : index), ^bb3(%v, %arg : memref<8xf32, strided<[1]>>, memref<16xf32>)
^bb2(%f2: index):
  %a = memref.alloc() : memref<16xf32>
  %cst0 = arith.constant 0 : index
  %cst1 = arith.constant 1 : index
  %more = arith.cmpi sgt, %f2, %cst0 : index
  %next = arith.subi %f2, %cst1 : index
  cf.cond_br %more, ^bb1(%next, %a : index, memref<16xf32>), ^bb3(%v, %p : memref<8xf32, strided<[1]>>, memref<16xf32>)
^bb3(%w: memref<8xf32, strided<[1]>>, %q: memref<16xf32>):
  %cst3 = arith.constant 0 : index
  %x = memref.load %q[%cst3] : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @view(
// FIXED:      ^bb3(%w: memref<8xf32, strided<[1]>>, %q: memref<16xf32>, %memlint_own_[[M:[0-9]+]]_bb3_1: i1):
// FIXED-NOT:  memref.dealloc %w
// FIXED:        scf.if %memlint_own_[[M]]_bb3_1 {
// FIXED-NEXT:     memref.dealloc %q : memref<16xf32>
