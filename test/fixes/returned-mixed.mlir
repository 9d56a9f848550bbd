// A returned select of a host buffer and a device buffer, each freed with
// its own deallocator (upstream dealloc-mixed-allocations, without the
// async token): each free runs only where the select does not pick its
// buffer. The free sites, choices and derivations count gpu.alloc and
// gpu.dealloc as they count memref.alloc and memref.dealloc.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @mixed(%cond: i1) -> memref<f32> {
  %a1 = memref.alloc() : memref<f32>
  %a2 = gpu.alloc() : memref<f32>
  %0 = arith.select %cond, %a1, %a2 : memref<f32>
  gpu.dealloc %a2 : memref<f32>
  memref.dealloc %a1 : memref<f32>
  return %0 : memref<f32>
}
// FIXED-LABEL: func.func @mixed
// FIXED:         %0 = arith.select %cond, %a1, %a2 : memref<f32>
// FIXED-NEXT:    scf.if %cond {
// FIXED-NEXT:      gpu.dealloc %a2 : memref<f32>
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.if %cond {
// FIXED-NEXT:    } else {
// FIXED-NEXT:      memref.dealloc %a1 : memref<f32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %0 : memref<f32>
