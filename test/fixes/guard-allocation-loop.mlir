// A buffer allocated in a CFG loop's header inside an scf.execute_region,
// joined with the caller's memory at the loop's exit and handed out of the
// region, then dropped by a branch in a later block's region op (cfg seed
// 26034, reduced by a helper). The first --fix frees the buffer of each
// earlier iteration on the back-edge (a repair in part); the second frees
// the last one under the decision of the edge that enters the loop (the
// header's only edge from outside the blocks it dominates), after the
// region op whose branch drops it, in the block %r dominates. Fails before:
// the header's back-edge hid that edge, and only the block of %r itself
// was tried (docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @f(%c0: i1, %c1: i1, %arg: memref<16xf32>) {
  %r = scf.execute_region -> (memref<16xf32>) {
    %n = arith.constant 2 : index
    cf.cond_br %c0, ^bb3(%arg : memref<16xf32>), ^bb2(%n : index)
  ^bb2(%fuel: index):
    %zero = arith.constant 0 : index
    %one = arith.constant 1 : index
    %more = arith.cmpi sgt, %fuel, %zero : index
    %next = arith.subi %fuel, %one : index
    %a = memref.alloc() : memref<16xf32>
    cf.cond_br %more, ^bb2(%next : index), ^bb3(%a : memref<16xf32>)
  ^bb3(%p: memref<16xf32>):
    scf.yield %p : memref<16xf32>
  }
  cf.br ^bb1
^bb1:
  scf.execute_region {
    %i = arith.constant 0 : index
    %z = arith.constant 0.0 : f32
    cf.cond_br %c1, ^bb4(%arg : memref<16xf32>), ^bb4(%r : memref<16xf32>)
  ^bb4(%q: memref<16xf32>):
    memref.store %z, %q[%i] : memref<16xf32>
    scf.yield
  }
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:       {{^}}    cf.cond_br %more, ^memlint_free_{{[0-9]+}}_0, ^bb3(%a : memref<16xf32>){{$}}
// FIXED-NEXT:  {{^}}^memlint_free_{{[0-9]+}}_0:{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    cf.br ^bb2(%next : index){{$}}
// FIXED:       {{^}}    memref.store %z, %q[%i] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    scf.yield{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c0 {{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %r : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  return{{$}}
