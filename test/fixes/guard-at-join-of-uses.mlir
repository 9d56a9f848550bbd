// A leak on some path whose loss the witness reports in the exit block of a
// CFG loop that the other paths skip (docs/fixits.md, "where the paths of its
// uses join"; reduced from cfg seed 10022). %p71 holds %a76 where %c0 is true
// and %a66 otherwise, and is freed where %c2 is false; the first round frees
// both in the other branch, and %a66 where %c0 is true. %r101 (%a76) is left
// where %c0 and %c2 are false, lost in ^bb51, which the paths with %c3 false
// do not reach: a dealloc there under any guard leaves their leak. At ^bb52,
// where the paths of its uses join, under the two decisions that hand it to
// the join and free it there, it is freed on every path that owns it.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: 0 findings left

func.func @f(%c0: i1, %c1: i1, %c2: i1, %c3: i1, %c4: i1, %c5: i1, %arg: memref<16xf32>) {
  %cst64 = arith.constant 1 : index
  %a65 = memref.alloc() : memref<16xf32>
  %a66 = memref.alloc() : memref<16xf32>
  %r101 = scf.execute_region -> (memref<16xf32>) {
    %a76 = memref.alloc() : memref<16xf32>
    cf.cond_br %c0, ^bb68(%a76 : memref<16xf32>), ^bb68(%a66 : memref<16xf32>)
  ^bb68(%p71: memref<16xf32>):
    scf.if %c2 {
      scf.yield
    } else {
      memref.dealloc %p71 : memref<16xf32>
      scf.yield
    }
    %k85 = arith.extui %c4 : i1 to i32
    cf.switch %k85 : i32, [default: ^bb69(%p71 : memref<16xf32>), 0: ^bb69(%a65 : memref<16xf32>), 2: ^bb69(%a66 : memref<16xf32>)]
  ^bb69(%p75: memref<16xf32>):
    scf.yield %a76 : memref<16xf32>
  }
  %a102 = memref.alloc() : memref<16xf32>
  %v103 = memref.subview %r101[0] [8] [1] : memref<16xf32> to memref<8xf32, strided<[1]>>
  cf.cond_br %c3, ^bb50(%cst64, %a102, %c4 : index, memref<16xf32>, i1), ^bb52(%cst64, %c2, %v103 : index, i1, memref<8xf32, strided<[1]>>)
^bb50(%fuel53: index, %p54: memref<16xf32>, %p55: i1):
  %cst106 = arith.constant 0 : index
  %more107 = arith.cmpi sgt, %fuel53, %cst106 : index
  %fuel108 = arith.subi %fuel53, %cst64 : index
  %cst109 = arith.constant true
  cf.cond_br %more107, ^bb50(%fuel108, %a102, %cst109 : index, memref<16xf32>, i1), ^bb51(%fuel53 : index)
^bb51(%fuel56: index):
  cf.cond_br %c0, ^bb52(%fuel56, %c5, %v103 : index, i1, memref<8xf32, strided<[1]>>), ^bb52(%fuel56, %cst109, %v103 : index, i1, memref<8xf32, strided<[1]>>)
^bb52(%fuel61: index, %p62: i1, %p63: memref<8xf32, strided<[1]>>):
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:       {{^}}^bb52(%fuel61: index, %p62: i1, %p63: memref<8xf32, strided<[1]>>):{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c0 {{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %c2 {{{$}}
// FIXED-NEXT:  {{^}}    } else {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %r101 : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED:       {{^}}  return{{$}}
