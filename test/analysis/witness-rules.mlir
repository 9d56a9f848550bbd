// RUN: memlint-opt -allow-unregistered-dialect -split-input-file -test-memlint-witnesses %s -o /dev/null | FileCheck %s
//
// The witness rules (DESIGN.md section 2; docs/user-guide.md "Reading a
// finding"): path order, each loop entry with its iteration, each call with
// its return, only the control flow that decides the buffer's fate, ending
// at the bug.

// Loop iterations: freed in iteration 1, used in iteration 2.
func.func @iterations(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %f, %a[%c0] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// -----

// Calls: "calling" and "returning from" pair up at the call; a call that
// does nothing to the buffer is left out.
func.func private @release(%m: memref<4xf32>) {
  memref.dealloc %m : memref<4xf32>
  return
}
func.func private @noop(%m: memref<4xf32>) {
  return
}
func.func @calls() {
  %a = memref.alloc() : memref<4xf32>
  func.call @noop(%a) : (memref<4xf32>) -> ()
  func.call @release(%a) : (memref<4xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

// The bug inside a callee: the call the path is in stays, without return.
func.func private @use(%m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xf32>
  return
}
func.func @bug_in_callee() {
  %a = memref.alloc() : memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  func.call @use(%a) : (memref<4xf32>) -> ()
  return
}

// -----

// Pruning: loops and branches that do not decide the buffer's fate (they
// only read it, or touch other memory) are left out; the branch that skips
// the free stays.
func.func @pruning(%c: i1, %d: i1, %n: index, %other: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%c0] : memref<4xf32>
    memref.store %v, %other[%c0] : memref<4xf32>
  }
  scf.if %d {
    %f = arith.constant 0.0 : f32
    memref.store %f, %other[%c0] : memref<4xf32>
  }
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  return
}

// -----

// A cf loop: the back-edge loses the last reference (the next iteration
// allocates a new buffer), and the witness takes it.
func.func @cf_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %t = memref.alloc() : memref<16xf32>
  %next = arith.addi %i, %c1 : index
  %done = arith.cmpi sge, %next, %n : index
  cf.cond_br %done, ^exit, ^loop(%next : index)
^exit:
  return
}

// The witnesses, in the order of the events (line:column of each step).
// CHECK-LABEL: leak at 13:8
// CHECK-NEXT:   alloc 13:8
// CHECK-NEXT:   leave after 0 14:3
// CHECK-NEXT:   related 18:3
// CHECK-LABEL: use-after-free at 15:5
// CHECK-NEXT:   alloc 13:8
// CHECK-NEXT:   enter iteration 1 14:3
// CHECK-NEXT:   free 16:5
// CHECK-NEXT:   enter iteration 2 14:3
// CHECK-NEXT:   related 16:5
// CHECK-LABEL: double-free at 16:5
// CHECK-NEXT:   alloc 13:8
// CHECK-NEXT:   enter iteration 1 14:3
// CHECK-NEXT:   free 16:5
// CHECK-NEXT:   enter iteration 2 14:3
// CHECK-NEXT:   related 16:5
// CHECK-LABEL: double-free at 36:3
// CHECK-NEXT:   alloc 33:8
// CHECK-NEXT:   call 35:3
// CHECK-NEXT:   free 26:3
// CHECK-NEXT:   return 35:3
// CHECK-NEXT:   related 26:3
// CHECK-LABEL: use-after-free at 45:8
// CHECK-NEXT:   alloc 49:8
// CHECK-NEXT:   free 50:3
// CHECK-NEXT:   call 51:3
// CHECK-NEXT:   related 50:3
// CHECK-LABEL: use-after-free at 51:3
// CHECK-NEXT:   alloc 49:8
// CHECK-NEXT:   free 50:3
// CHECK-NEXT:   related 50:3
// CHECK-LABEL: leak at 63:8
// CHECK-NEXT:   alloc 63:8
// CHECK-NEXT:   branch -1 72:3
// CHECK-NEXT:   related 75:3
// CHECK-LABEL: leak at 87:8
// CHECK-NEXT:   alloc 87:8
// CHECK-NEXT:   branch 1 90:3
// CHECK-NEXT:   related 90:3
