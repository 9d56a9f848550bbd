// A leak owned only where two conditions agree (docs/fixits.md, "combined
// and nested"): a buffer an scf.if nested in the branch of another yields,
// next to an i1 result that is no ownership flag on its own. No single
// guard frees it; two of the conditions of the branches that yield it do
// (cfg seeds 6190, 8003: a guard also takes the witness's side of a
// condition that is a flag too; the exact guards come before the i1 values
// next to it, here %f, which would do as well).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @nested_yield(%c: i1, %d: i1, %arg: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %f, %r = scf.if %c -> (i1, memref<16xf32>) {
    %inner = scf.if %d -> (memref<16xf32>) {
      scf.yield %arg : memref<16xf32>
    } else {
      %a = memref.alloc() : memref<16xf32>
      scf.yield %a : memref<16xf32>
    }
    %t = arith.constant true
    scf.yield %t, %inner : i1, memref<16xf32>
  } else {
    scf.yield %d, %arg : i1, memref<16xf32>
  }
  %x = memref.load %r[%c0] : memref<16xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @nested_yield(
// FIXED:       {{^}}  %x = memref.load %r[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  scf.if %d {{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %c {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %r : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  return %x : f32{{$}}
