// A CFG loop whose header argument holds the caller's buffer on entry and
// the iteration before's buffer after; the exit edge hands the iteration's
// own buffer to ^exit, which still reads the header's argument by
// dominance. ^exit frees each of the two in one branch of an scf.if only:
// %prev when %c is true, %last when it is false (docs/fixits.md, "ownership
// flags along a chain of blocks", frees on some paths). Freeing them under
// their flags after that scf.if frees one of them twice, and a free by name
// past its block kept %prev from being followed. Each is freed under its
// flag in the branches that do not free it, and %prev on the back-edge that
// replaces it (cfg seed 41108, reduced).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @partial(%c: i1, %in: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  cf.br ^loop(%c2, %in : index, memref<16xf32>)
^loop(%i: index, %prev: memref<16xf32>):
  %x = memref.load %prev[%c0] : memref<16xf32>
  %more = arith.cmpi sgt, %i, %c0 : index
  %next = arith.subi %i, %c1 : index
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %more, ^loop(%next, %a : index, memref<16xf32>), ^exit(%a : memref<16xf32>)
^exit(%last: memref<16xf32>):
  scf.if %c {
    memref.dealloc %prev : memref<16xf32>
  } else {
    memref.dealloc %last : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @partial(
// FIXED:      ^loop(%i: index, %prev: memref<16xf32>, [[PREV:%memlint_own_[0-9]+_loop_1]]: i1):
// FIXED:      cf.cond_br %more, ^memlint_chain_{{[0-9]+}}_0, ^exit(%a, %memlint_true_{{[0-9]+}} : memref<16xf32>, i1)
// FIXED:      scf.if [[PREV]] {
// FIXED-NEXT:   memref.dealloc %prev : memref<16xf32>
// FIXED-NEXT: }
// FIXED-NEXT: cf.br ^loop(%next, %a, %memlint_true_{{[0-9]+}} : index, memref<16xf32>, i1)
// FIXED:      ^exit(%last: memref<16xf32>, [[LAST:%memlint_own_[0-9]+_exit_0]]: i1):
// FIXED-NEXT: {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %prev : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if [[LAST]] {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %last : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %last : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if [[PREV]] {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %prev : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
