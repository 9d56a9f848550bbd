// A CFG loop whose header argument holds the caller's buffer on entry and
// the iteration before's buffer after (docs/fixits.md, "ownership flags
// along a chain of blocks"): the back-edge replaces it by the iteration's
// own buffer, the exit edge hands it to ^exit, which frees it, and drops the
// iteration's own buffer. The header's argument gets a flag, false from the
// entry and true on the back-edge, and is freed under it on the back-edge;
// ^exit frees its argument already, so it gets no flag and no second free
// (cfg seed 31011). That frees the buffer on the path reported (a repair in
// part); the next round frees the last iteration's buffer in ^exit.
// RUN: cp %s %t.mlir
// RUN: not mlir-memlint --checks='-*,lifetime-*' --fix-dry-run %t.mlir 2>&1 | FileCheck %s --check-prefix=PART
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// PART: error: buffer '%a' is leaked on every path [lifetime-leak]
// PART: note: fix-it: free the block arguments that may hold %a where they die, under ownership flags passed with them from block to block (on the path reported; another place that loses it needs another fix)
// MSG: applied 2 fix-its, 0 findings left

func.func @rotate(%in: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  cf.br ^loop(%c2, %in : index, memref<16xf32>)
^loop(%i: index, %prev: memref<16xf32>):
  %a = memref.alloc() : memref<16xf32>
  %more = arith.cmpi sgt, %i, %c0 : index
  %next = arith.subi %i, %c1 : index
  cf.cond_br %more, ^loop(%next, %a : index, memref<16xf32>), ^exit(%prev : memref<16xf32>)
^exit(%last: memref<16xf32>):
  %x = memref.load %last[%c0] : memref<16xf32>
  memref.dealloc %last : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @rotate(
// FIXED-NEXT:  {{^}}  %[[T:memlint_true_[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT:  {{^}}  %[[F:memlint_false_[0-9]+]] = arith.constant false{{$}}
// FIXED:       {{^}}  cf.br ^loop(%c2, %in, %[[F]] : index, memref<16xf32>, i1){{$}}
// FIXED-NEXT:  {{^}}^loop(%i: index, %prev: memref<16xf32>, %[[P:memlint_own_[0-9]+_loop_1]]: i1):{{$}}
// FIXED:       {{^}}  cf.cond_br %more, ^[[EDGE:memlint_chain_[0-9]+_0]], ^exit(%prev : memref<16xf32>){{$}}
// FIXED-NEXT:  {{^}}^[[EDGE]]:{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[P]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %prev : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  cf.br ^loop(%next, %a, %[[T]] : index, memref<16xf32>, i1){{$}}
// FIXED-NEXT:  {{^}}^exit(%last: memref<16xf32>):{{$}}
// FIXED-NEXT:  {{^}}  %x = memref.load %last[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %last : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  return{{$}}
