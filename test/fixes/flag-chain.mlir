// A buffer handed from block to block before it dies (docs/fixits.md,
// "ownership flags along a chain of blocks"): %a of one iteration goes to
// ^pass, which also receives %q from the entry, then to ^check, which uses
// it and drops it. No block's argument holds it on every edge, so no flag of
// one join can say whether it does: each argument that may hold it gets a
// flag, each edge passes what it hands over (the flag of ^pass's argument on
// the edge that hands it on), and ^check frees its argument under its flag
// after its last use.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @chain(%q: memref<16xf32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.cond_br %c, ^pass(%n, %q : index, memref<16xf32>), ^check(%n, %q : index, memref<16xf32>)
^pass(%j: index, %r: memref<16xf32>):
  cf.br ^check(%j, %r : index, memref<16xf32>)
^check(%i: index, %p: memref<16xf32>):
  %x = memref.load %p[%c0] : memref<16xf32>
  %more = arith.cmpi sgt, %i, %c0 : index
  cf.cond_br %more, ^step, ^exit
^step:
  %next = arith.subi %i, %c1 : index
  %a = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  cf.br ^pass(%next, %a : index, memref<16xf32>)
^exit:
  return
}
// FIXED-LABEL: func.func @chain(
// FIXED-NEXT:  {{^}}  %[[T:memlint_true_[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT:  {{^}}  %[[F:memlint_false_[0-9]+]] = arith.constant false{{$}}
// FIXED:       {{^}}  cf.cond_br %c, ^pass(%n, %q, %[[F]] : index, memref<16xf32>, i1), ^check(%n, %q, %[[F]] : index, memref<16xf32>, i1){{$}}
// FIXED-NEXT:  {{^}}^pass(%j: index, %r: memref<16xf32>, %[[R:memlint_own_[0-9]+_pass_1]]: i1):{{$}}
// FIXED-NEXT:  {{^}}  cf.br ^check(%j, %r, %[[R]] : index, memref<16xf32>, i1){{$}}
// FIXED-NEXT:  {{^}}^check(%i: index, %p: memref<16xf32>, %[[P:memlint_own_[0-9]+_check_1]]: i1):{{$}}
// FIXED-NEXT:  {{^}}  %x = memref.load %p[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[P]] {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %p : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED:       {{^}}  cf.br ^pass(%next, %a, %[[T]] : index, memref<16xf32>, i1){{$}}
