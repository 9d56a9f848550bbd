// An ownership flag read the wrong way round: the loop frees what it holds
// when the flag says it does not own it (the caller's buffer, on the first
// iteration) and never when it does (gen seed 28002). The fix-it of the
// invalid free runs the free with the guard the other way round: here the
// call of a helper that only frees, which another function needs as it is
// (docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @free_it(%m: memref<16xf32>) {
  memref.dealloc %m : memref<16xf32>
  return
}

func.func @other() {
  %a = memref.alloc() : memref<16xf32>
  func.call @free_it(%a) : (memref<16xf32>) -> ()
  return
}

func.func @loop(%n: index, %arg: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %r, %own = scf.for %i = %c0 to %n step %c1 iter_args(%it = %arg, %flag = %false) -> (memref<16xf32>, i1) {
    %new = memref.alloc() : memref<16xf32>
    %x = memref.load %arg[%c0] : memref<16xf32>
    scf.if %flag {
    } else {
      %v = memref.cast %it : memref<16xf32> to memref<?xf32>
      %w = memref.cast %v : memref<?xf32> to memref<16xf32>
      func.call @free_it(%w) : (memref<16xf32>) -> ()
    }
    scf.yield %new, %true : memref<16xf32>, i1
  }
  scf.if %own {
    memref.dealloc %r : memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @loop(
// FIXED:      {{^}}    %x = memref.load %arg[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if %flag {{{$}}
// FIXED-NEXT: {{^}}      %v = memref.cast %it : memref<16xf32> to memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}      %w = memref.cast %v : memref<?xf32> to memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}      func.call @free_it(%w) : (memref<16xf32>) -> (){{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    scf.yield %new, %true : memref<16xf32>, i1{{$}}
