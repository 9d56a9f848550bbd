// A CFG loop whose back-edge hands its buffer to three arguments of the
// header (cfg seed 81073, reduced by a helper): %dead, which nobody uses,
// %last, which the exit edge hands on, and %read, which the header reads.
// The flags along the chain (docs/fixits.md, "ownership flags along a chain
// of blocks") give the buffer to one argument of an edge only: the one that
// lives longest in the block, %last, freed under its flag on the back-edge
// and handed with it to ^exit. Before, the first argument got it, %dead,
// freed under its flag at the top of the header, before the read of %read:
// a use after free, the candidate was refused, and the leak was left. The
// next round frees the last iteration's buffer, which the exit edge drops.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @f(%in: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  cf.br ^loop(%c2, %in, %in, %in : index, memref<16xf32>, memref<16xf32>, memref<16xf32>)
^loop(%i: index, %dead: memref<16xf32>, %last: memref<16xf32>, %read: memref<16xf32>):
  %x = memref.load %read[%c0] : memref<16xf32>
  %more = arith.cmpi sgt, %i, %c0 : index
  %next = arith.subi %i, %c1 : index
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %more, ^loop(%next, %a, %a, %a : index, memref<16xf32>, memref<16xf32>, memref<16xf32>), ^exit(%last : memref<16xf32>)
^exit(%e: memref<16xf32>):
  return
}
// FIXED-LABEL: func.func @f(
// FIXED-NEXT:  {{^}}  %[[T:memlint_true_[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT:  {{^}}  %[[F:memlint_false_[0-9]+]] = arith.constant false{{$}}
// FIXED:       {{^}}  cf.br ^loop(%c2, %in, %in, %in, %[[F]], %[[F]], %[[F]] : index, memref<16xf32>, memref<16xf32>, memref<16xf32>, i1, i1, i1){{$}}
// FIXED-NEXT:  {{^}}^loop(%i: index, %dead: memref<16xf32>, %last: memref<16xf32>, %read: memref<16xf32>, %[[D:memlint_own_[0-9]+_loop_1]]: i1, %[[L:memlint_own_[0-9]+_loop_2]]: i1, %[[R:memlint_own_[0-9]+_loop_3]]: i1):{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[D]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %dead : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  %x = memref.load %read[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[R]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %read : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED:       {{^}}  cf.cond_br %more, ^[[EDGE:memlint_chain_[0-9]+_0]], ^exit(%last, %[[L]] : memref<16xf32>, i1){{$}}
// FIXED-NEXT:  {{^}}^[[EDGE]]:{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[L]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %last : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  cf.br ^loop(%next, %a, %a, %a, %[[F]], %[[T]], %[[F]] : index, memref<16xf32>, memref<16xf32>, memref<16xf32>, i1, i1, i1){{$}}
// FIXED-NEXT:  {{^}}^exit(%e: memref<16xf32>, %[[E:memlint_own_[0-9]+_exit_0]]: i1):{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[E]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %e : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  return{{$}}
