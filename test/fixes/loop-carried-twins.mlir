// A loop whose yield carries the iteration's buffer in two positions (twin
// iter_args that hold one buffer), and whose body writes through the second
// only. The loop-carried ownership flag of the first position frees its
// iter_arg at the top of the body, before the write through the twin (a use
// after free); the flag of the second position, tried next, frees it after
// that write, and the result after the loop (cfg seed 46130, reduced by a
// helper; docs/fixits.md).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @f(%c: i1, %arg: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %i2 = arith.constant 2 : index
  %r, %s = scf.for %iv = %i0 to %i2 step %i1 iter_args(%x = %arg, %y = %arg) -> (memref<16xf32>, memref<16xf32>) {
    scf.if %c {
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %y[%i0] : memref<16xf32>
    }
    %a = memref.alloc() : memref<16xf32>
    scf.yield %a, %a : memref<16xf32>, memref<16xf32>
  }
  return
}
// FIXED-LABEL: func.func @f(
// FIXED:      {{^}}      memref.store %zero, %y[%i0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    scf.if %memlint_own_{{[0-9]+}} {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %y : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED:      {{^}}  scf.if %memlint_owned_{{[0-9]+}} {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %s : memref<16xf32>{{$}}
