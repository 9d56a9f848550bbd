// A CFG loop's header argument that holds the caller's memory on entry and a
// fresh buffer on the back-edge (cfg seed 15090). The exit edge that still
// reads it by dominance leads to a block that hands only a subview of it to
// the function's exit block, which ignores it: the chain of flags frees it
// there, under the header's flag, before that branch (a view passed to an
// argument nobody uses keeps nothing alive), and on the edge that goes back
// to the allocating block.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @dead_view(%c0: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %c2 = arith.constant 2 : index
  %c0i = arith.constant 0 : index
  %c1i = arith.constant 1 : index
  cf.cond_br %c0, ^bb3(%c2 : index), ^bb2(%c2, %arg : index, memref<16xf32>)
^bb1:
  %x = memref.load %p[%c0i] : memref<16xf32>
  %v = memref.subview %p[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.br ^bb5(%v : memref<8xf32, strided<[1]>>)
^bb2(%fuel: index, %p: memref<16xf32>):
  %more = arith.cmpi sgt, %fuel, %c0i : index
  %next = arith.subi %fuel, %c1i : index
  cf.cond_br %more, ^bb1, ^bb3(%fuel : index)
^bb3(%fuel2: index):
  %a = memref.alloc() : memref<16xf32>
  %more2 = arith.cmpi sgt, %fuel2, %c0i : index
  %next2 = arith.subi %fuel2, %c1i : index
  cf.cond_br %more2, ^bb2(%next2, %a : index, memref<16xf32>), ^bb4
^bb4:
  %w = memref.subview %arg[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.br ^bb5(%w : memref<8xf32, strided<[1]>>)
^bb5(%q: memref<8xf32, strided<[1]>>):
  return %arg : memref<16xf32>
}
// FIXED-LABEL: func.func @dead_view(
// FIXED-NEXT: {{^}}  %memlint_true_[[L:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_false_[[L]] = arith.constant false{{$}}
// FIXED:      {{^}}  cf.cond_br %c0, ^bb3(%c2 : index), ^bb2(%c2, %arg, %memlint_false_[[L]] : index, memref<16xf32>, i1){{$}}
// FIXED-NEXT: {{^}}^bb1:{{$}}
// FIXED-NEXT: {{^}}  %x = memref.load %p[%c0i] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  %v = memref.subview %p[0] [8] [1]
// FIXED-NEXT: {{^}}  scf.if %memlint_own_[[L]]_bb2_1 {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %p : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb5(%v : memref<8xf32, strided<[1]>>){{$}}
// FIXED-NEXT: {{^}}^bb2(%fuel: index, %p: memref<16xf32>, %memlint_own_[[L]]_bb2_1: i1):{{$}}
// FIXED:      {{^}}  cf.cond_br %more, ^bb1, ^memlint_chain_[[L]]_0{{$}}
// FIXED-NEXT: {{^}}^memlint_chain_[[L]]_0:{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_own_[[L]]_bb2_1 {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %p : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb3(%fuel : index){{$}}
// FIXED:      {{^}}  cf.cond_br %more2, ^bb2(%next2, %a, %memlint_true_[[L]] : index, memref<16xf32>, i1), ^memlint_chain_[[L]]_1{{$}}
// FIXED-NEXT: {{^}}^memlint_chain_[[L]]_1:{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb4{{$}}
