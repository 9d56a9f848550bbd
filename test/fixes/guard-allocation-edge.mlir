// A buffer allocated in a block that one edge of a cf.cond_br reaches,
// joined with the caller's memory and handed out of an scf.execute_region
// (cfg seed 26034, reduced by a helper): no flag travels out of the region
// and the witness takes no branch after the allocation, so the decision of
// the edge that leads to the allocation is the guard, tried last.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f(%c0: i1, %arg: memref<16xf32>) -> f32 {
  %r = scf.execute_region -> (memref<16xf32>) {
    cf.cond_br %c0, ^bb2(%arg : memref<16xf32>), ^bb1
  ^bb1:
    %a = memref.alloc() : memref<16xf32>
    cf.br ^bb2(%a : memref<16xf32>)
  ^bb2(%p: memref<16xf32>):
    scf.yield %p : memref<16xf32>
  }
  %i = arith.constant 0 : index
  %x = memref.load %r[%i] : memref<16xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @f(
// FIXED:       {{^}}  %x = memref.load %r[%i] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c0 {{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %r : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  return %x : f32{{$}}
