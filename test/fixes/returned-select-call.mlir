// A select returned after one of its buffers was freed on some path, where
// a free site is a call of a helper that only frees (docs/fixits.md, "stop
// freeing what a returned select holds"): the call that frees %b runs only
// when %s does not hold %b; the dealloc of %a, already under an scf.if on
// the select's condition, stays.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @release(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}

func.func @pick(%c: i1) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %a, %b : memref<16xf32>
  func.call @release(%b) : (memref<16xf32>) -> ()
  scf.if %c {
  } else {
    memref.dealloc %a : memref<16xf32>
  }
  return %s : memref<16xf32>
}
// FIXED-LABEL: func.func @pick(
// FIXED:       {{^}}  %s = arith.select %c, %a, %b : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c {{{$}}
// FIXED-NEXT:  {{^}}    func.call @release(%b) : (memref<16xf32>) -> (){{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c {{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
