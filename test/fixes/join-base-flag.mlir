// A buffer that one edge into a join hands over only as a subview, and the
// other edge does not hand over at all (cfg seed 31112): the join's argument
// is an interior view, which no dealloc may free, and the buffer's own name
// does not reach the join. The join gets two arguments more, the base buffer
// and its ownership flag: the edge that passes the view passes the buffer
// and true, the other a value of the buffer's type it sees (what its view is
// taken from) and false. The base is freed under the flag after the last use
// of the view, in the join or in the later block where that use is.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @view_join(%c2: i1, %arg: memref<16xf32>) -> f32 {
  %v18 = memref.subview %arg[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.cond_br %c2, ^bb3(%v18 : memref<8xf32, strided<[1]>>), ^bb2
^bb2:
  %a20 = memref.alloc() : memref<16xf32>
  %v21 = memref.subview %a20[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.br ^bb3(%v21 : memref<8xf32, strided<[1]>>)
^bb3(%p8: memref<8xf32, strided<[1]>>):
  %cst22 = arith.constant 0 : index
  %x35 = memref.load %p8[%cst22] : memref<8xf32, strided<[1]>>
  return %x35 : f32
}
// FIXED-LABEL: func.func @view_join(
// FIXED-NEXT: {{^}}  %memlint_base_true_[[A:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_base_false_[[A]] = arith.constant false{{$}}
// FIXED-NEXT: {{^}}  %v18 = memref.subview
// FIXED-NEXT: {{^}}  cf.cond_br %c2, ^bb3(%v18, %arg, %memlint_base_false_[[A]] : memref<8xf32, strided<[1]>>, memref<16xf32>, i1), ^bb2{{$}}
// FIXED:      {{^}}  cf.br ^bb3(%v21, %a20, %memlint_base_true_[[A]] : memref<8xf32, strided<[1]>>, memref<16xf32>, i1){{$}}
// FIXED-NEXT: {{^}}^bb3(%p8: memref<8xf32, strided<[1]>>, %memlint_base_[[A]]: memref<16xf32>, %memlint_base_own_[[A]]: i1):{{$}}
// FIXED-NEXT: {{^}}  %cst22 = arith.constant 0 : index{{$}}
// FIXED-NEXT: {{^}}  %x35 = memref.load %p8[%cst22] : memref<8xf32, strided<[1]>>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_base_own_[[A]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %memlint_base_[[A]] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %x35 : f32{{$}}

// The view at an offset, of a cast on the other edge, and read in a block
// after the join: the placeholder is what the cast is of, and the base is
// freed after that read.
func.func @later_use(%c: i1, %arg: memref<16xf32>) -> f32 {
  %i0 = arith.constant 0 : index
  %whole = memref.cast %arg : memref<16xf32> to memref<?xf32>
  %v = memref.subview %whole[4] [8] [1] : memref<?xf32> to memref<8xf32, strided<[1], offset: 4>>
  cf.cond_br %c, ^join(%v : memref<8xf32, strided<[1], offset: 4>>), ^fresh
^fresh:
  %a = memref.alloc() : memref<16xf32>
  %w = memref.subview %a[4] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1], offset: 4>>
  cf.br ^join(%w : memref<8xf32, strided<[1], offset: 4>>)
^join(%p: memref<8xf32, strided<[1], offset: 4>>):
  cf.br ^use(%p : memref<8xf32, strided<[1], offset: 4>>)
^use(%q: memref<8xf32, strided<[1], offset: 4>>):
  %x = memref.load %q[%i0] : memref<8xf32, strided<[1], offset: 4>>
  return %x : f32
}
// FIXED-LABEL: func.func @later_use(
// FIXED-NEXT: {{^}}  %memlint_base_true_[[B:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_base_false_[[B]] = arith.constant false{{$}}
// FIXED-NEXT: {{^}}  %i0 = arith.constant 0 : index{{$}}
// FIXED:      {{^}}  cf.cond_br %c, ^join(%v, %arg, %memlint_base_false_[[B]] : memref<8xf32, strided<[1], offset: 4>>, memref<16xf32>, i1), ^fresh{{$}}
// FIXED:      {{^}}  cf.br ^join(%w, %a, %memlint_base_true_[[B]] : memref<8xf32, strided<[1], offset: 4>>, memref<16xf32>, i1){{$}}
// FIXED-NEXT: {{^}}^join(%p: memref<8xf32, strided<[1], offset: 4>>, %memlint_base_[[B]]: memref<16xf32>, %memlint_base_own_[[B]]: i1):{{$}}
// FIXED-NEXT: {{^}}  cf.br ^use(%p : memref<8xf32, strided<[1], offset: 4>>){{$}}
// FIXED-NEXT: {{^}}^use(%q: memref<8xf32, strided<[1], offset: 4>>):{{$}}
// FIXED-NEXT: {{^}}  %x = memref.load %q[%i0] : memref<8xf32, strided<[1], offset: 4>>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_base_own_[[B]] {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %memlint_base_[[B]] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %x : f32{{$}}
