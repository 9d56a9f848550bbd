// Use after free through a memref.cast alias: %dyn is a cast of %buf, %buf is
// freed, then %dyn is read. The dealloc names %buf and the load names %dyn, so
// a checker that does not follow aliases misses it.
//
// RUN: cd %S && not mlir-memlint %{s:basename} 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Expected (the CHECK lines at the end): the read of '%buf' through '%dyn'
// after the dealloc, on every path.
// No finding in @cast_after_free: making a cast of a freed buffer is not a
// use, only an access through it is.
//

func.func @first_of_copy(%x: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %buf = memref.alloc() : memref<16xf32>
  %dyn = memref.cast %buf : memref<16xf32> to memref<?xf32>
  %n = memref.dim %dyn, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %x[%i] : memref<16xf32>
    memref.store %v, %dyn[%i] : memref<?xf32>
  }
  memref.dealloc %buf : memref<16xf32>
  // BUG: %dyn aliases %buf, which was freed on the line above.
  %first = memref.load %dyn[%c0] : memref<?xf32>
  return %first : f32
}

func.func @cast_after_free() {
  %buf = memref.alloc() : memref<16xf32>
  memref.dealloc %buf : memref<16xf32>
  %dyn = memref.cast %buf : memref<16xf32> to memref<?xf32>
  return
}

// The findings, in the order the tool prints them (snippet lines between them).
// CHECK: use_after_free_cast.mlir:26:12: error: buffer '%buf' is read after it was freed on every path (through alias '%dyn') [lifetime-use-after-free]
// CHECK: use_after_free_cast.mlir:17:10: note: buffer allocated here
// CHECK: use_after_free_cast.mlir:24:3: note: buffer deallocated here
// CHECK: use_after_free_cast.mlir:26:12: note: buffer read after it was freed
// CHECK: mlir-memlint: 1 error in 1 file
