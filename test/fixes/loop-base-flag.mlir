// A CFG loop whose back-edge hands the header the round's buffer and a view
// of the header's argument, the buffer of the round before (cfg seed 80033):
// that buffer lives on through the view, one round more, and after the loop.
// Earlier rounds freed the last round's buffer on the edge that leaves the
// loop and the header's argument after the loop; the view's buffer is left,
// and a dealloc of the view would free an interior view. The header gets
// three arguments more: an ownership flag for the argument the view is
// taken from (true on the back-edge, which hands it the buffer), and the
// view's base with its flag, which the back-edge sets to that argument and
// its flag. The base is freed under its flag on the edge back (a block of
// its own: the branch also leaves the loop) and after the last use of the
// view where the loop is left.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @view_after_loop(%arg: memref<16xf32>) -> f32 {
  %cst2 = arith.constant 2 : index
  %cst0 = arith.constant 0 : index
  %cst1 = arith.constant 1 : index
  %v34 = memref.subview %arg[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.br ^bb6(%cst2, %arg, %v34 : index, memref<16xf32>, memref<8xf32, strided<[1]>>)
^bb6(%fuel12: index, %p14: memref<16xf32>, %p15: memref<8xf32, strided<[1]>>):
  cf.br ^bb7(%fuel12 : index)
^bb7(%fuel16: index):
  %a40 = memref.alloc() : memref<16xf32>
  %more42 = arith.cmpi sgt, %fuel16, %cst0 : index
  %fuel43 = arith.subi %fuel16, %cst1 : index
  %v44 = memref.subview %p14[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.cond_br %more42, ^bb6(%fuel43, %a40, %v44 : index, memref<16xf32>, memref<8xf32, strided<[1]>>), ^bb8
^bb8:
  memref.dealloc %a40 : memref<16xf32>
  cf.br ^bb9
^bb9:
  %x59 = memref.load %p15[%cst0] : memref<8xf32, strided<[1]>>
  memref.dealloc %p14 : memref<16xf32>
  return %x59 : f32
}
// FIXED-LABEL: func.func @view_after_loop(
// FIXED-NEXT: {{^}}  %memlint_base_true_[[A:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_base_false_[[A]] = arith.constant false{{$}}
// FIXED:      {{^}}  cf.br ^bb6(%cst2, %arg, %v34, %memlint_base_false_[[A]], %arg, %memlint_base_false_[[A]] : index, memref<16xf32>, memref<8xf32, strided<[1]>>, i1, memref<16xf32>, i1){{$}}
// FIXED-NEXT: {{^}}^bb6(%fuel12: index, %p14: memref<16xf32>, %p15: memref<8xf32, strided<[1]>>, %memlint_base_held_[[A]]_1: i1, %memlint_base_[[A]]: memref<16xf32>, %memlint_base_own_[[A]]: i1):{{$}}
// FIXED:      {{^}}  cf.cond_br %more42, ^memlint_base_back_[[A]]_0, ^bb8{{$}}
// FIXED-NEXT: {{^}}^memlint_base_back_[[A]]_0:{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_base_own_[[A]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %memlint_base_[[A]] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb6(%fuel43, %a40, %v44, %memlint_base_true_[[A]], %p14, %memlint_base_held_[[A]]_1 : index, memref<16xf32>, memref<8xf32, strided<[1]>>, i1, memref<16xf32>, i1){{$}}
// FIXED-NEXT: {{^}}^bb8:{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a40 : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb9{{$}}
// FIXED-NEXT: {{^}}^bb9:{{$}}
// FIXED-NEXT: {{^}}  %x59 = memref.load %p15[%cst0] : memref<8xf32, strided<[1]>>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_base_own_[[A]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %memlint_base_[[A]] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %p14 : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return %x59 : f32{{$}}

// The view read in the header only: the base dies there, after the read,
// every round; the back-edge needs no free.
func.func @view_in_header(%arg: memref<16xf32>) -> f32 {
  %cst2 = arith.constant 2 : index
  %cst0 = arith.constant 0 : index
  %cst1 = arith.constant 1 : index
  %v = memref.subview %arg[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.br ^bb1(%cst2, %arg, %v : index, memref<16xf32>, memref<8xf32, strided<[1]>>)
^bb1(%fuel: index, %p: memref<16xf32>, %q: memref<8xf32, strided<[1]>>):
  %x = memref.load %q[%cst0] : memref<8xf32, strided<[1]>>
  %a = memref.alloc() : memref<16xf32>
  %more = arith.cmpi sgt, %fuel, %cst0 : index
  %next = arith.subi %fuel, %cst1 : index
  %w = memref.subview %p[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.cond_br %more, ^bb1(%next, %a, %w : index, memref<16xf32>, memref<8xf32, strided<[1]>>), ^bb3
^bb3:
  memref.dealloc %a : memref<16xf32>
  memref.dealloc %p : memref<16xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @view_in_header(
// FIXED-NEXT: {{^}}  %memlint_base_true_[[B:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_base_false_[[B]] = arith.constant false{{$}}
// FIXED:      {{^}}  cf.br ^bb1(%cst2, %arg, %v, %memlint_base_false_[[B]], %arg, %memlint_base_false_[[B]] : index, memref<16xf32>, memref<8xf32, strided<[1]>>, i1, memref<16xf32>, i1){{$}}
// FIXED-NEXT: {{^}}^bb1(%fuel: index, %p: memref<16xf32>, %q: memref<8xf32, strided<[1]>>, %memlint_base_held_[[B]]_1: i1, %memlint_base_[[B]]: memref<16xf32>, %memlint_base_own_[[B]]: i1):{{$}}
// FIXED-NEXT: {{^}}  %x = memref.load %q[%cst0] : memref<8xf32, strided<[1]>>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_base_own_[[B]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %memlint_base_[[B]] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  %a = memref.alloc() : memref<16xf32>{{$}}
// FIXED:      {{^}}  cf.cond_br %more, ^bb1(%next, %a, %w, %memlint_base_true_[[B]], %p, %memlint_base_held_[[B]]_1 : index, memref<16xf32>, memref<8xf32, strided<[1]>>, i1, memref<16xf32>, i1), ^bb3{{$}}
// FIXED-NEXT: {{^}}^bb3:{{$}}
