// Fix-its for leaks in CFGs of blocks: a buffer dropped on a back-edge gets
// a block of its own on that edge that frees it; a buffer leaked where paths
// part and join gets a dealloc before each return.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 4 fix-its, 0 findings left

// Each iteration allocates a scratch row; the back-edge drops the previous
// one, the exit reads the last one and drops it too.
func.func @rows(%n: index, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %row = memref.alloc() : memref<4xf32>
  memref.copy %out, %row : memref<4xf32> to memref<4xf32>
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^loop(%next : index), ^done(%row : memref<4xf32>)
^done(%last: memref<4xf32>):
  memref.copy %last, %out : memref<4xf32> to memref<4xf32>
  return
}
// FIXED-LABEL: func.func @rows
// FIXED:      {{^}}  cf.cond_br %more, ^memlint_free_{{[0-9]+}}_0, ^done(%row : memref<4xf32>){{$}}
// FIXED-NEXT: {{^}}^memlint_free_{{[0-9]+}}_0:{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %row : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  cf.br ^loop(%next : index){{$}}
// FIXED-NEXT: {{^}}^done(%last: memref<4xf32>):{{$}}
// FIXED-NEXT: {{^}}  memref.copy %last, %out : memref<4xf32> to memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %row : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}

// Two exits, the buffer read on one path through a block argument.
func.func @two_exits(%c: i1, %d: i1, %i: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %c, ^read(%a : memref<16xf32>), ^skip
^read(%p: memref<16xf32>):
  %v = memref.load %p[%i] : memref<16xf32>
  cf.cond_br %d, ^early, ^join
^early:
  return %v : f32
^skip:
  cf.br ^join
^join:
  return %zero : f32
}
// FIXED-LABEL: func.func @two_exits
// FIXED:      {{^}}^early:{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return %v : f32{{$}}
// FIXED:      {{^}}^join:{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return %zero : f32{{$}}

// Only one of the two edges into the join hands the buffer over, and it is
// allocated where it does not dominate the exit: an ownership flag goes
// with it (MLIR's ownership-based deallocation construction).
func.func @join(%c: i1, %arg: memref<16xf32>, %i: index) -> f32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<16xf32>
  cf.br ^bb3(%a : memref<16xf32>)
^bb2:
  cf.br ^bb3(%arg : memref<16xf32>)
^bb3(%p: memref<16xf32>):
  %v = memref.load %p[%i] : memref<16xf32>
  return %v : f32
}
// FIXED-LABEL: func.func @join
// FIXED-NEXT: {{^}}  %memlint_true_[[L:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_false_[[L]] = arith.constant false{{$}}
// FIXED:      {{^}}  cf.br ^bb3(%a, %memlint_true_[[L]] : memref<16xf32>, i1){{$}}
// FIXED:      {{^}}  cf.br ^bb3(%arg, %memlint_false_[[L]] : memref<16xf32>, i1){{$}}
// FIXED-NEXT: {{^}}^bb3(%p: memref<16xf32>, %memlint_own_[[L]]: i1):{{$}}
// FIXED-NEXT: {{^}}  %v = memref.load %p[%i] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_own_[[L]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %p : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %v : f32{{$}}

// The buffer is returned through the join on one edge and dropped on the
// other: freed on the edge that drops it.
func.func @returned(%c: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %c, ^bb1(%arg : memref<16xf32>), ^bb1(%a : memref<16xf32>)
^bb1(%p: memref<16xf32>):
  return %p : memref<16xf32>
}
// FIXED-LABEL: func.func @returned
// FIXED:      {{^}}  cf.cond_br %c, ^memlint_free_{{[0-9]+}}_0, ^bb1(%a : memref<16xf32>){{$}}
// FIXED-NEXT: {{^}}^memlint_free_{{[0-9]+}}_0:{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb1(%arg : memref<16xf32>){{$}}
