// A leak on some path lost at a loop in a later block of a CFG loop's exit
// that makes a view of the buffer inside (docs/fixits.md, "combined and
// nested"): the function returns a select of an scf.if's result and the
// buffer, and the scf.if yields the buffer on one branch only, so the
// buffer leaks where the select picks the result (%c4) and the scf.if did
// not yield it (not %c3). No single guard singles that path out; the pair
// does, right after the loop (cfg seed 55031, reduced).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 6 fix-its, 0 findings left

func.func @f(%c0: i1, %c1: i1, %c2: i1, %c3: i1, %c4: i1, %c5: i1, %arg: memref<16xf32>) -> (memref<16xf32>) {
  %cst25 = arith.constant 1 : index
  %a26 = memref.alloc() : memref<16xf32>
  cf.br ^bb5(%cst25 : index)
^bb2(%fuel7: index, %p8: memref<8xf32, strided<[1]>>, %p9: memref<?xf32>, %p10: memref<?xf32>):
  %a50 = memref.alloc() : memref<16xf32>
  %k52 = arith.extui %c0 : i1 to i32
  %a53 = memref.alloc() : memref<16xf32>
  %cst54 = arith.constant false
  %a55 = memref.alloc() : memref<16xf32>
  cf.switch %k52 : i32, [default: ^bb5(%fuel7 : index), 2: ^bb3(%fuel7, %a53, %c1, %a50, %a47 : index, memref<16xf32>, i1, memref<16xf32>, memref<16xf32>), 0: ^bb4(%fuel7, %cst54, %a55, %cst54, %p9 : index, i1, memref<16xf32>, i1, memref<?xf32>)]
^bb3(%fuel11: index, %p12: memref<16xf32>, %p13: i1, %p14: memref<16xf32>, %p15: memref<16xf32>):
  %r72, %r73 = scf.execute_region -> (i1, memref<16xf32>) {
    %a70 = memref.alloc() : memref<16xf32>
    %cst71 = arith.constant true
    scf.yield %cst71, %a70 : i1, memref<16xf32>
  }
  %more74 = arith.cmpi sgt, %fuel11, %cst43 : index
  %fuel75 = arith.subi %fuel11, %cst25 : index
  cf.cond_br %more74, ^bb2(%fuel75, %v46, %r41, %p9 : index, memref<8xf32, strided<[1]>>, memref<?xf32>, memref<?xf32>), ^bb4(%fuel11, %p13, %p15, %r72, %r41 : index, i1, memref<16xf32>, i1, memref<?xf32>)
^bb4(%fuel16: index, %p17: i1, %p18: memref<16xf32>, %p19: i1, %p20: memref<?xf32>):
  cf.cond_br %more44, ^bb5(%fuel16 : index), ^bb5(%fuel16 : index)
^bb5(%fuel21: index):
  %sel28 = arith.select %c0, %a26, %a26 : memref<16xf32>
  %r40, %r41 = scf.if %c3 -> (memref<16xf32>, memref<?xf32>) {
    %d29 = memref.cast %sel28 : memref<16xf32> to memref<?xf32>
    scf.yield %a26, %d29 : memref<16xf32>, memref<?xf32>
  } else {
    %d39 = memref.cast %sel28 : memref<16xf32> to memref<?xf32>
    scf.yield %arg, %d39 : memref<16xf32>, memref<?xf32>
  }
  %sel42 = arith.select %c4, %r40, %a26 : memref<16xf32>
  %cst43 = arith.constant 0 : index
  %more44 = arith.cmpi sgt, %fuel21, %cst43 : index
  %fuel45 = arith.subi %fuel21, %cst25 : index
  %v46 = memref.subview %a26[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  %a47 = memref.alloc() : memref<16xf32>
  scf.if %c4 {
  }
  %d48 = memref.cast %a47 : memref<16xf32> to memref<?xf32>
  %v49 = memref.subview %d48[0] [8] [1] : memref<?xf32> to memref<8xf32, strided<[1]>>
  cf.cond_br %more44, ^bb2(%fuel45, %v46, %d48, %r41 : index, memref<8xf32, strided<[1]>>, memref<?xf32>, memref<?xf32>), ^bb6(%fuel21, %c2, %v49 : index, i1, memref<8xf32, strided<[1]>>)
^bb6(%fuel22: index, %p23: i1, %p24: memref<8xf32, strided<[1]>>):
  %cst56 = arith.constant 3 : index
  scf.for %iv57 = %cst43 to %cst56 step %cst25 {
    %r63 = scf.for %iv58 = %cst43 to %cst25 step %cst25 iter_args(%it59 = %r41) -> (memref<?xf32>) {
      %d62 = memref.cast %a26 : memref<16xf32> to memref<?xf32>
      scf.yield %d62 : memref<?xf32>
    }
  }
  %a65 = memref.alloc() : memref<16xf32>
  return %sel42 : memref<16xf32>
}

// FIXED-LABEL: func.func @f(
// FIXED:       {{^}}  scf.for %iv57 = %cst43 to %cst56 step %cst25 {{{$}}
// FIXED:       {{^}}      scf.yield %d62 : memref<?xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c4 {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %c3 {{{$}}
// FIXED-NEXT:  {{^}}    } else {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %a26 : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  %a65 = memref.alloc() : memref<16xf32>{{$}}
