// Fix-its for lifetime-double-free and lifetime-use-after-free.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 4 fix-its, 0 findings left

// An alloc hoisted out of the loop with its dealloc left inside: the dealloc
// moves after the loop (this also fixes the use after free of the second
// iteration and the leak when the loop runs zero times).
func.func @hoisted(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %buf = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %cst, %buf[%c0] : memref<16xf32>
    memref.dealloc %buf : memref<16xf32> // freed every iteration
  }
  return
}
// FIXED-LABEL: func.func @hoisted
// FIXED:      {{^}}    memref.store %cst, %buf[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %buf : memref<16xf32> // freed every iteration{{$}}
// FIXED-NEXT: {{^}}  return{{$}}

// Freed twice on every path: the second dealloc goes.
func.func @twice() {
  %a = memref.alloc() : memref<4xf32>
  %v = memref.cast %a : memref<4xf32> to memref<?xf32>
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %v : memref<?xf32>
  return
}
// FIXED-LABEL: func.func @twice
// FIXED:      {{^}}  memref.dealloc %a : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}

// Read after the dealloc: the dealloc moves after the last use.
func.func @early_free() -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<4xf32>
  %view = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
  memref.dealloc %a : memref<4xf32>
  %x = memref.load %view[%c0] : memref<2xf32, strided<[1], offset: 1>>
  %y = arith.mulf %x, %x : f32
  return %y : f32
}
// FIXED-LABEL: func.func @early_free
// FIXED:      {{^}}  %x = memref.load %view[%c0] : memref<2xf32, strided<[1], offset: 1>>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  %y = arith.mulf %x, %x : f32{{$}}

// The selected buffer is freed, then returned: its dealloc goes (the caller
// owns whichever buffer it is); the other one is still freed.
func.func @returned_select(%c: i1) -> memref<16xf32> {
  %true = arith.constant true
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %a, %b : memref<16xf32>
  memref.dealloc %s : memref<16xf32>
  %not = arith.xori %c, %true : i1
  scf.if %not {
    memref.dealloc %a : memref<16xf32>
  } else {
    memref.dealloc %b : memref<16xf32>
  }
  return %s : memref<16xf32>
}
// FIXED-LABEL: func.func @returned_select
// FIXED:      {{^}}  %s = arith.select %c, %a, %b : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  %not = arith.xori %c, %true : i1{{$}}
