// Fix-its for lifetime-invalid-free and lifetime-alloca-in-loop.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 6 fix-its, 0 findings left

// The caller's buffer: the dealloc goes.
func.func @frees_argument(%arg: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %arg[%c0] : memref<16xf32>
  memref.dealloc %arg : memref<16xf32> // not ours
  return
}
// FIXED-LABEL: func.func @frees_argument
// FIXED:      {{^}}  %v = memref.load %arg[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}

// An interior view freed: the buffer itself is freed instead.
func.func @frees_view() {
  %buf = memref.alloc() : memref<64xf32>
  %tail = memref.subview %buf[16] [48] [1] : memref<64xf32> to memref<48xf32, strided<[1], offset: 16>>
  memref.dealloc %tail : memref<48xf32, strided<[1], offset: 16>>
  return
}
// FIXED-LABEL: func.func @frees_view
// FIXED:      {{^}}  memref.dealloc %buf : memref<64xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}

// Device memory freed by the host deallocator, and the reverse.
func.func @mismatched() {
  %dev = gpu.alloc () : memref<1024xf32, 1>
  %host = memref.alloc() : memref<8xf32>
  memref.dealloc %dev : memref<1024xf32, 1>
  gpu.dealloc %host : memref<8xf32>
  return
}
// FIXED-LABEL: func.func @mismatched
// FIXED:      {{^}}  gpu.dealloc %dev : memref<1024xf32, 1>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %host : memref<8xf32>{{$}}

// A stack buffer allocated on every iteration of an scf.while (not an
// allocation scope): allocated once, before the loop.
func.func @alloca_in_while(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = scf.while (%i = %c0) : (index) -> index {
    %tmp = memref.alloca() : memref<4xf32>
    memref.store %f, %tmp[%c0] : memref<4xf32>
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return
}
// FIXED-LABEL: func.func @alloca_in_while
// FIXED:      {{^}}  %tmp = memref.alloca() : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  %r = scf.while (%i = %c0) : (index) -> index {{{$}}
// FIXED-NEXT: {{^}}    memref.store %f, %tmp[%c0] : memref<4xf32>{{$}}

// The same in a CFG loop: to the end of the entry block.
func.func @alloca_in_cfg_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %tmp = memref.alloca() : memref<4xf32>
  memref.store %f, %tmp[%c0] : memref<4xf32>
  %next = arith.addi %i, %c1 : index
  %more = arith.cmpi slt, %next, %n : index
  cf.cond_br %more, ^loop(%next : index), ^exit
^exit:
  return
}
// FIXED-LABEL: func.func @alloca_in_cfg_loop
// FIXED:      {{^}}  %f = arith.constant 1.0 : f32{{$}}
// FIXED-NEXT: {{^}}  %tmp = memref.alloca() : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  cf.br ^loop(%c0 : index){{$}}
// FIXED-NEXT: {{^}}^loop(%i: index):{{$}}
// FIXED-NEXT: {{^}}  memref.store %f, %tmp[%c0] : memref<4xf32>{{$}}
