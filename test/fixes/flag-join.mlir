// Ownership flags on every argument of a join (docs/fixits.md): each
// argument of the block that may hold the buffer gets an i1 flag, which
// each edge sets to what it hands over: true for the argument that receives
// the buffer, false for the others, the select's condition (or its
// negation) for one that receives it under a condition. An argument a CFG
// loop replaces is freed on the back-edge that replaces it.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 7 fix-its, 0 findings left

// Three edges into ^bb3: one hands %a to %x, one to %y, one neither; no
// single flag frees it on every path.
func.func @two_args(%c: i1, %d: i1, %arg: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %d, ^bb3(%a, %arg : memref<16xf32>, memref<16xf32>), ^bb3(%arg, %a : memref<16xf32>, memref<16xf32>)
^bb2:
  cf.br ^bb3(%arg, %arg : memref<16xf32>, memref<16xf32>)
^bb3(%x: memref<16xf32>, %y: memref<16xf32>):
  %v = memref.load %x[%c0] : memref<16xf32>
  %w = memref.load %y[%c0] : memref<16xf32>
  %r = arith.addf %v, %w : f32
  return %r : f32
}
// FIXED-LABEL: func.func @two_args(
// FIXED-NEXT: {{^}}  %memlint_true_[[A:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_false_[[A]] = arith.constant false{{$}}
// FIXED:      {{^}}  cf.cond_br %d, ^bb3(%a, %arg, %memlint_true_[[A]], %memlint_false_[[A]] : memref<16xf32>, memref<16xf32>, i1, i1), ^bb3(%arg, %a, %memlint_false_[[A]], %memlint_true_[[A]] : memref<16xf32>, memref<16xf32>, i1, i1){{$}}
// FIXED-NEXT: {{^}}^bb2:{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb3(%arg, %arg, %memlint_false_[[A]], %memlint_false_[[A]] : memref<16xf32>, memref<16xf32>, i1, i1){{$}}
// FIXED-NEXT: {{^}}^bb3(%x: memref<16xf32>, %y: memref<16xf32>, %memlint_own_[[A]]_0: i1, %memlint_own_[[A]]_1: i1):{{$}}
// FIXED-NEXT: {{^}}  %v = memref.load %x[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  %w = memref.load %y[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_own_[[A]]_0 {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %x : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_own_[[A]]_1 {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %y : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  %r = arith.addf %v, %w : f32{{$}}

// The edge from ^bb2 hands %b over when %d is true (a select); it frees %b
// itself otherwise. (%d is computed in ^bb2: the join cannot test it, so no
// dealloc there guarded by it can do.)
func.func @selected(%c: i1, %e: i1, %arg: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<16xf32>
  cf.br ^bb3(%a : memref<16xf32>)
^bb2:
  %d = arith.xori %c, %e : i1
  %b = memref.alloc() : memref<16xf32>
  %s = arith.select %d, %b, %arg : memref<16xf32>
  scf.if %d {
  } else {
    memref.dealloc %b : memref<16xf32>
  }
  cf.br ^bb3(%s : memref<16xf32>)
^bb3(%x: memref<16xf32>):
  %v = memref.load %x[%c0] : memref<16xf32>
  return %v : f32
}
// FIXED-LABEL: func.func @selected(
// FIXED:      {{^}}  cf.br ^bb3(%s, %memlint_false_{{[0-9]+}}, %d : memref<16xf32>, i1, i1){{$}}
// FIXED-NEXT: {{^}}^bb3(%x: memref<16xf32>, %memlint_own_{{[0-9]+}}: i1, %memlint_own_[[B:[0-9]+]]_0: i1):{{$}}
// FIXED:      {{^}}  scf.if %memlint_own_[[B]]_0 {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %x : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}

// The same when %d is false: the flag is its negation.
func.func @negated(%c: i1, %e: i1, %arg: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<16xf32>
  cf.br ^bb3(%a : memref<16xf32>)
^bb2:
  %d = arith.xori %c, %e : i1
  %b = memref.alloc() : memref<16xf32>
  %s = arith.select %d, %arg, %b : memref<16xf32>
  scf.if %d {
    memref.dealloc %b : memref<16xf32>
  }
  cf.br ^bb3(%s : memref<16xf32>)
^bb3(%x: memref<16xf32>):
  %v = memref.load %x[%c0] : memref<16xf32>
  return %v : f32
}
// FIXED-LABEL: func.func @negated(
// FIXED:      {{^}}  %memlint_not_[[N:[0-9]+]]_0 = arith.xori %d, %memlint_true_[[N]] : i1{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb3(%s, %memlint_false_{{[0-9]+}}, %memlint_not_[[N]]_0 : memref<16xf32>, i1, i1){{$}}
// FIXED-NEXT: {{^}}^bb3(%x: memref<16xf32>, %memlint_own_{{[0-9]+}}: i1, %memlint_own_[[N]]_0: i1):{{$}}
// FIXED:      {{^}}  scf.if %memlint_own_[[N]]_0 {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %x : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}

// A CFG loop replaces its buffer on each back-edge; it enters the loop with
// the caller's, which it must not free.
func.func @back_edge(%n: index, %arg: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^bb1(%c0, %arg : index, memref<16xf32>)
^bb1(%i: index, %cur: memref<16xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %next = memref.alloc() : memref<16xf32>
  memref.copy %cur, %next : memref<16xf32> to memref<16xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^bb1(%i2, %next : index, memref<16xf32>)
^bb3:
  memref.copy %cur, %out : memref<16xf32> to memref<16xf32>
  return
}
// FIXED-LABEL: func.func @back_edge(
// FIXED:      {{^}}  cf.br ^bb1(%c0, %arg, %memlint_false_[[E:[0-9]+]] : index, memref<16xf32>, i1){{$}}
// FIXED-NEXT: {{^}}^bb1(%i: index, %cur: memref<16xf32>, %memlint_own_[[E]]_1: i1):{{$}}
// FIXED:      {{^}}  memref.copy %cur, %next : memref<16xf32> to memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_own_[[E]]_1 {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %cur : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  %i2 = arith.addi %i, %c1 : index{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb1(%i2, %next, %memlint_true_[[E]] : index, memref<16xf32>, i1){{$}}
// FIXED-NEXT: {{^}}^bb3:{{$}}
// FIXED-NEXT: {{^}}  memref.copy %cur, %out : memref<16xf32> to memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_own_[[E]]_1 {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %cur : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
