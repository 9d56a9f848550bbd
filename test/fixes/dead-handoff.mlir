// A buffer handed only to what nobody uses (docs/fixits.md, "a dead
// hand-off"): a block argument that its block never reads, an
// scf.execute_region result nobody uses. The edge that hands it to the dead
// argument is where it is lost (cfg seed 9195): it is freed before the
// branch. An scf.yield that hands it to a dead result is an exit of the
// region (cfg seed 6290): it is freed before it. A branch that ends the
// allocating block and hands it only to a dead argument is freed before
// also when the witness does not show the edge (cfg seed 13119: the loss is
// reported at a later join).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 3 fix-its, 0 findings left

// ^left frees %a in a region (no dealloc the join could take); ^right hands
// it to %p, which ^exit never reads.
func.func @dead_arg(%k: i32, %arg: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  cf.switch %k : i32, [default: ^left, 1: ^right]
^left:
  %x = memref.load %a[%c0] : memref<16xf32>
  %t = arith.constant true
  scf.if %t {
    memref.dealloc %a : memref<16xf32>
  }
  cf.br ^exit(%arg : memref<16xf32>)
^right:
  cf.br ^exit(%a : memref<16xf32>)
^exit(%p: memref<16xf32>):
  %b = memref.alloc() : memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @dead_arg(
// FIXED:       {{^}}^right:{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  cf.br ^exit(%a : memref<16xf32>){{$}}

// %p is %a or the freed %b; %r, which holds it, is never used.
func.func @region_exit(%k: i32, %arg: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %r = scf.execute_region -> memref<16xf32> {
    %a = memref.alloc() : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    memref.dealloc %b : memref<16xf32>
    cf.switch %k : i32, [default: ^bb1(%b : memref<16xf32>), 1: ^bb1(%a : memref<16xf32>)]
  ^bb1(%p: memref<16xf32>):
    %x = memref.load %a[%c0] : memref<16xf32>
    scf.yield %p : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @region_exit(
// FIXED:       {{^}}    %x = memref.load %a[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    scf.yield %p : memref<16xf32>{{$}}

// ^bb2 never reads %p; the leak is reported at the join ^bb3.
func.func @handed_off_at_home(%c: i1) {
  %k = arith.extui %c : i1 to i32
  cf.switch %k : i32, [default: ^bb1, 1: ^bb3]
^bb1:
  %a = memref.alloc() : memref<16xf32>
  %v = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.br ^bb2(%v : memref<8xf32, strided<[1]>>)
^bb2(%p: memref<8xf32, strided<[1]>>):
  cf.br ^bb3
^bb3:
  return
}
// FIXED-LABEL: func.func @handed_off_at_home(
// FIXED:       {{^}}  %v = memref.subview %a[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>{{$}}
// FIXED-NEXT:  {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  cf.br ^bb2(%v : memref<8xf32, strided<[1]>>){{$}}
