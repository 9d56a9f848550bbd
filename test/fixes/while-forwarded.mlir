// A buffer the `before` region of an scf.while allocates and scf.condition
// hands to the `after` region, which drops it (docs/fixits.md, "a buffer an
// scf.while forwards"): each iteration owns what it allocated, no flag is
// needed. The `after` region frees it after its last use there, the result
// (the last `before` region's) is freed after its last use; when the
// function returns the result, only the `after` region frees (cfg seed
// 10070).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @forwarded(%n: index, %out: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %i, %last = scf.while (%k = %c0, %cur = %out) : (index, memref<16xf32>) -> (index, memref<16xf32>) {
    %more = arith.cmpi slt, %k, %n : index
    %fresh = memref.alloc() : memref<16xf32>
    scf.condition(%more) %k, %fresh : index, memref<16xf32>
  } do {
  ^bb0(%k2: index, %b: memref<16xf32>):
    memref.store %z, %b[%c0] : memref<16xf32>
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3, %out : index, memref<16xf32>
  }
  %v = memref.load %last[%c0] : memref<16xf32>
  return %v : f32
}
// FIXED-LABEL: func.func @forwarded(
// FIXED:       {{^}}    memref.store %z, %b[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %b : memref<16xf32>{{$}}
// FIXED:       {{^}}  %v = memref.load %last[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %last : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  return %v : f32{{$}}

func.func @returned(%n: index, %out: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %i, %last = scf.while (%k = %c0, %cur = %out) : (index, memref<16xf32>) -> (index, memref<16xf32>) {
    %more = arith.cmpi slt, %k, %n : index
    %fresh = memref.alloc() : memref<16xf32>
    scf.condition(%more) %k, %fresh : index, memref<16xf32>
  } do {
  ^bb0(%k2: index, %b: memref<16xf32>):
    memref.store %z, %b[%c0] : memref<16xf32>
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %k3, %out : index, memref<16xf32>
  }
  return %last : memref<16xf32>
}
// FIXED-LABEL: func.func @returned(
// FIXED:       {{^}}    memref.store %z, %b[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %b : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    %k3 = arith.addi %k2, %c1 : index{{$}}
// FIXED:       {{^}}  return %last : memref<16xf32>{{$}}
