// A buffer of a region that hands out a select of it and the caller's
// memory (cfg seed 17084): where the select picks the caller's memory, the
// buffer dies at the select; where it picks the buffer, it leaves the
// region. Neither one dealloc nor one guard fixes both: a dealloc after the
// select when it picks the other, and one of the region's value after its
// last use when it picks the buffer. The same when the buffer reaches the
// select through a cast (cfg seed 17084), and in a callee that returns a
// select of two buffers of its own, which its caller frees (cfg seed 16188):
// each is freed after the select where the select does not pick it.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 4 fix-its, 0 findings left

func.func @f(%c: i1, %arg: memref<16xf32>) -> f32 {
  %r = scf.execute_region -> memref<16xf32> {
    %a = memref.alloc() : memref<16xf32>
    %sel = arith.select %c, %arg, %a : memref<16xf32>
    scf.yield %sel : memref<16xf32>
  }
  %i0 = arith.constant 0 : index
  %x = memref.load %r[%i0] : memref<16xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @f(
// FIXED:           %sel = arith.select %c, %arg, %a : memref<16xf32>
// FIXED-NEXT:      scf.if %c {
// FIXED-NEXT:        memref.dealloc %a : memref<16xf32>
// FIXED-NEXT:      }
// FIXED-NEXT:      scf.yield %sel : memref<16xf32>
// FIXED:         %x = memref.load %r[%i0] : memref<16xf32>
// FIXED-NEXT:    scf.if %c {
// FIXED-NEXT:    } else {
// FIXED-NEXT:      memref.dealloc %r : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %x : f32

func.func @through_cast(%c: i1, %arg: memref<16xf32>) -> f32 {
  %r = scf.execute_region -> memref<?xf32> {
    %a = memref.alloc() : memref<16xf32>
    %d = memref.cast %a : memref<16xf32> to memref<?xf32>
    %e = memref.cast %arg : memref<16xf32> to memref<?xf32>
    %sel = arith.select %c, %e, %d : memref<?xf32>
    scf.yield %sel : memref<?xf32>
  }
  %i0 = arith.constant 0 : index
  %x = memref.load %r[%i0] : memref<?xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @through_cast(
// FIXED:           %sel = arith.select %c, %e, %d : memref<?xf32>
// FIXED-NEXT:      scf.if %c {
// FIXED-NEXT:        memref.dealloc %a : memref<16xf32>
// FIXED-NEXT:      }
// FIXED-NEXT:      scf.yield %sel : memref<?xf32>
// FIXED:         %x = memref.load %r[%i0] : memref<?xf32>
// FIXED-NEXT:    scf.if %c {
// FIXED-NEXT:    } else {
// FIXED-NEXT:      memref.dealloc %r : memref<?xf32>
// FIXED-NEXT:    }

func.func @pick(%p: i1) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %sel = arith.select %p, %b, %a : memref<16xf32>
  return %sel : memref<16xf32>
}
// FIXED-LABEL: func.func @pick(
// FIXED:         %sel = arith.select %p, %b, %a : memref<16xf32>
// FIXED-DAG:     scf.if %p {
// FIXED-DAG:       memref.dealloc %a : memref<16xf32>
// FIXED-DAG:     } else {
// FIXED-DAG:       memref.dealloc %b : memref<16xf32>
// FIXED:         return %sel : memref<16xf32>

func.func @caller(%c: i1) -> f32 {
  %r = func.call @pick(%c) : (i1) -> memref<16xf32>
  %i0 = arith.constant 0 : index
  %x = memref.load %r[%i0] : memref<16xf32>
  memref.dealloc %r : memref<16xf32>
  return %x : f32
}
