// memref.alloca inside loops whose bodies are not allocation scopes: the stack
// grows on every iteration and is only released when the function returns.
// scf.for (like scf.forall, scf.parallel, affine.for, func.func and
// memref.alloca_scope) has the AutomaticAllocationScope trait, so an alloca in
// its body is released at the end of each iteration.
//
// RUN: cd %S && mlir-memlint %{s:basename} 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Expected (the CHECK lines at the end): a warning for the scf.while of
// @while_alloca and one for the cf loop of @cf_alloca; no finding in
// @for_alloca or @while_alloca_scoped.
//

// Sums %data[0 .. %n) (%n a multiple of 4) four elements at a time, staging
// each group in a stack temporary.
func.func @while_alloca(%data: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %res:2 = scf.while (%i = %c0, %acc = %zero) : (index, f32) -> (index, f32) {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i, %acc : index, f32
  } do {
  ^bb0(%i: index, %acc: f32):
    %tmp = memref.alloca() : memref<4xf32>
    %src = memref.subview %data[%i] [4] [1]
        : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.copy %src, %tmp : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
    %acc2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %acc) -> (f32) {
      %e = memref.load %tmp[%k] : memref<4xf32>
      %a2 = arith.addf %a, %e : f32
      scf.yield %a2 : f32
    }
    %next = arith.addi %i, %c4 : index
    scf.yield %next, %acc2 : index, f32
  }
  return %res#1 : f32
}

// The same loop written with cf branches.
func.func @cf_alloca(%data: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  cf.br ^header(%c0, %zero : index, f32)
^header(%i: index, %acc: f32):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^body, ^exit
^body:
  %tmp = memref.alloca() : memref<4xf32>
  %src = memref.subview %data[%i] [4] [1]
      : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
  memref.copy %src, %tmp : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
  %acc2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %acc) -> (f32) {
    %e = memref.load %tmp[%k] : memref<4xf32>
    %a2 = arith.addf %a, %e : f32
    scf.yield %a2 : f32
  }
  %next = arith.addi %i, %c4 : index
  cf.br ^header(%next, %acc2 : index, f32)
^exit:
  return %acc : f32
}

// scf.for is an allocation scope: %tmp is released after each iteration.
func.func @for_alloca(%data: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %res = scf.for %i = %c0 to %n step %c4 iter_args(%acc = %zero) -> (f32) {
    %tmp = memref.alloca() : memref<4xf32>
    %src = memref.subview %data[%i] [4] [1]
        : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.copy %src, %tmp : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
    %acc2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %acc) -> (f32) {
      %e = memref.load %tmp[%k] : memref<4xf32>
      %a2 = arith.addf %a, %e : f32
      scf.yield %a2 : f32
    }
    scf.yield %acc2 : f32
  }
  return %res : f32
}

// The scf.while fixed with memref.alloca_scope around the loop body.
func.func @while_alloca_scoped(%data: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %res:2 = scf.while (%i = %c0, %acc = %zero) : (index, f32) -> (index, f32) {
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i, %acc : index, f32
  } do {
  ^bb0(%i: index, %acc: f32):
    %acc2 = memref.alloca_scope -> (f32) {
      %tmp = memref.alloca() : memref<4xf32>
      %src = memref.subview %data[%i] [4] [1]
          : memref<?xf32> to memref<4xf32, strided<[1], offset: ?>>
      memref.copy %src, %tmp : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
      %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %acc) -> (f32) {
        %e = memref.load %tmp[%k] : memref<4xf32>
        %a2 = arith.addf %a, %e : f32
        scf.yield %a2 : f32
      }
      memref.alloca_scope.return %sum : f32
    }
    %next = arith.addi %i, %c4 : index
    scf.yield %next, %acc2 : index, f32
  }
  return %res#1 : f32
}

// The findings, in the order the tool prints them (snippet lines between them).
// CHECK: alloca_in_loop.mlir:26:12: warning: stack buffer '%tmp' is allocated on every iteration of a loop that is not an allocation scope; the stack grows until the function returns [lifetime-alloca-in-loop]
// CHECK: alloca_in_loop.mlir:21:12: note: loop without an allocation scope here
// CHECK: alloca_in_loop.mlir:52:10: warning: stack buffer '%tmp' is allocated on every iteration of a loop that is not an allocation scope; the stack grows until the function returns [lifetime-alloca-in-loop]
// CHECK: alloca_in_loop.mlir:50:3: note: loop back-edge here
// CHECK: mlir-memlint: 2 warnings in 1 file
