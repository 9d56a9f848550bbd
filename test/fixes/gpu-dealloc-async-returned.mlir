// A select of a host and a device buffer returned with the token of the
// device buffer's asynchronous free (upstream dealloc-mixed-allocations):
// the free runs only where the select did not pick the device buffer. Its
// token stays, a gpu.wait async on its dependencies, and the guarded free
// is waited for in its branch, as MLIR's ownership-based deallocation
// writes it. Before, a gpu.dealloc async was no free site a fix could
// guard: the use after free was left.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 3 fix-its, 0 findings left

// FIXED-LABEL: func.func @mixed(
// FIXED: %0 = arith.select %cond, %a1, %a2
// FIXED-NEXT: %token = gpu.wait async{{$}}
// FIXED-NEXT: scf.if %cond {
// FIXED-NEXT: %memlint_freed_{{token}} = gpu.dealloc async [] %a2 : memref<f32>
// FIXED-NEXT: gpu.wait [%memlint_freed_{{token}}]
// FIXED-NEXT: } else {
// FIXED-NEXT: memref.dealloc %a1 : memref<f32>
// FIXED-NEXT: }
// FIXED-NEXT: return %0, %token
func.func @mixed(%cond: i1) -> (memref<f32>, !gpu.async.token) {
  %a1 = memref.alloc() : memref<f32>
  %a2 = gpu.alloc() : memref<f32>
  %0 = arith.select %cond, %a1, %a2 : memref<f32>
  %token = gpu.dealloc async [] %a2 : memref<f32>
  return %0, %token : memref<f32>, !gpu.async.token
}

// With dependencies, the token that stays waits on them.
// FIXED-LABEL: func.func @with_dependency(
// FIXED: %t1 = gpu.wait async [%t0]
// FIXED-NEXT: scf.if %cond {
// FIXED-NEXT: } else {
// FIXED-NEXT: %memlint_freed_{{t1}} = gpu.dealloc async [%t0] %a2 : memref<f32>
// FIXED-NEXT: gpu.wait [%memlint_freed_{{t1}}]
// FIXED-NEXT: }
// FIXED: return %0, %t1
func.func @with_dependency(%cond: i1, %t0: !gpu.async.token) -> (memref<f32>, !gpu.async.token) {
  %a1 = gpu.alloc() : memref<f32>
  %a2 = gpu.alloc() : memref<f32>
  %0 = arith.select %cond, %a2, %a1 : memref<f32>
  %t1 = gpu.dealloc async [%t0] %a2 : memref<f32>
  gpu.dealloc %a1 : memref<f32>
  return %0, %t1 : memref<f32>, !gpu.async.token
}
