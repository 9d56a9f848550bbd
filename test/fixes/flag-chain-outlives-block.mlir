// A CFG loop whose back-edge rotates its buffer through two arguments of
// the header (cfg seed 27035, reduced by a helper): the exit edge hands one
// of them on and leaves the other, %prev, to the block after the loop,
// which reads it by dominance and hands it on under a condition. The flags
// along the chain follow %prev past its block: it is freed under its flag
// on the edge after the loop that drops it, and the iteration's own
// buffer, which the exit edge drops, is freed on that edge. Before, the
// chain's flags left %prev unfreed after the loop and the repairs in part
// freed the loop's buffers without flags: the leak stayed.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f(%in: memref<16xf32>, %c: i1) {
  %c2 = arith.constant 2 : index
  cf.br ^loop(%c2, %in, %in : index, memref<16xf32>, memref<16xf32>)
^loop(%i: index, %prev: memref<16xf32>, %last: memref<16xf32>):
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %more = arith.cmpi sgt, %i, %c0 : index
  %next = arith.subi %i, %c1 : index
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %more, ^loop(%next, %last, %a : index, memref<16xf32>, memref<16xf32>), ^exit(%last : memref<16xf32>)
^exit(%e: memref<16xf32>):
  cf.cond_br %c, ^done(%e : memref<16xf32>), ^done(%prev : memref<16xf32>)
^done(%d: memref<16xf32>):
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:       {{^}}^loop(%i: index, %prev: memref<16xf32>, %last: memref<16xf32>, %[[PREV:memlint_own_[0-9]+_loop_1]]: i1, %[[LAST:memlint_own_[0-9]+_loop_2]]: i1):{{$}}
// FIXED:       {{^}}  cf.cond_br %more, ^[[BACK:memlint_chain_[0-9]+_0]], ^[[OUT:memlint_chain_[0-9]+_1]]{{$}}
// FIXED-NEXT:  {{^}}^[[BACK]]:{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[PREV]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %prev : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  cf.br ^loop(%next, %last, %a, %[[LAST]], %memlint_true_{{[0-9]+}} : index, memref<16xf32>, memref<16xf32>, i1, i1){{$}}
// FIXED-NEXT:  {{^}}^[[OUT]]:{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  cf.br ^exit(%last, %[[LAST]] : memref<16xf32>, i1){{$}}
// FIXED-NEXT:  {{^}}^exit(%e: memref<16xf32>, %[[E:memlint_own_[0-9]+_exit_0]]: i1):{{$}}
// FIXED-NEXT:  {{^}}  cf.cond_br %c, ^[[KEEPE:memlint_chain_[0-9]+_2]], ^[[KEEPPREV:memlint_chain_[0-9]+_3]]{{$}}
// FIXED-NEXT:  {{^}}^[[KEEPE]]:{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[PREV]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %prev : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  cf.br ^done(%e, %[[LAST]] : memref<16xf32>, i1){{$}}
// FIXED-NEXT:  {{^}}^[[KEEPPREV]]:{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[E]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %e : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  cf.br ^done(%prev, %[[PREV]] : memref<16xf32>, i1){{$}}
// FIXED-NEXT:  {{^}}^done(%d: memref<16xf32>, %[[D:memlint_own_[0-9]+_done_0]]: i1):{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[D]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %d : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  return{{$}}
