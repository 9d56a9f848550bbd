// A leak whose witness takes one of two cases of a cf.switch that share
// their destination and hand it the same view of the buffer, with other
// memory of the caller in another argument: the dealloc goes in that block,
// after the last use of the view ("in the block that leaks"), as it does
// when the cases pass the same operands (switch-shared-case.mlir). No flag
// could free it there: the join receives only an interior view, from every
// edge (reduced from cfg 64062: --fix left the leak; docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

// FIXED-LABEL: func.func @f(
// FIXED:      {{^}}^memlint_free_{{[0-9_]+}}:{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb3(%arg2 : memref<16xf32>){{$}}
// FIXED-NEXT: {{^}}^bb2(%q: memref<16xf32>, %w: memref<8xf32, strided<[1]>>):{{$}}
// FIXED-NEXT: {{^}}  memref.store %f0, %w[%i0] : memref<8xf32, strided<[1]>>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb3(%arg : memref<16xf32>){{$}}
func.func @f(%c0: i1, %c2: i1, %arg: memref<16xf32>, %arg2: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f32
  cf.cond_br %c2, ^bb1, ^bb3(%arg : memref<16xf32>)
^bb1:
  %k = arith.extui %c0 : i1 to i32
  %a = memref.alloc() : memref<16xf32>
  %v = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.switch %k : i32, [default: ^bb2(%arg, %v : memref<16xf32>, memref<8xf32, strided<[1]>>), 0: ^bb2(%arg2, %v : memref<16xf32>, memref<8xf32, strided<[1]>>), 1: ^bb3(%arg2 : memref<16xf32>), 2: ^bb3(%arg : memref<16xf32>)]
^bb2(%q: memref<16xf32>, %w: memref<8xf32, strided<[1]>>):
  memref.store %f0, %w[%i0] : memref<8xf32, strided<[1]>>
  cf.br ^bb3(%arg : memref<16xf32>)
^bb3(%r: memref<16xf32>):
  return
}
