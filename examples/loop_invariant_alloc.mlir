// Scratch buffers allocated and freed on every iteration of a loop although
// their size never changes: one allocation before the loop would serve every
// iteration. Only the loop directly around the allocation is reported; after
// the fix, a second run offers to hoist '%scratch' out of the row loop too.
//
// RUN: cd %S && mlir-memlint %{s:basename} 2>&1 | FileCheck %s \
// RUN:   --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
// Expected (the CHECK lines at the end): no lifetime-* finding;
// perf-loop-invariant-alloc for '%scratch' in @blocked_rows (16 iterations)
// and '%row' in @normalize_rows (a dynamic size defined before the loop).
// Not reported: the scf.forall body of @tiles (its iterations may run at the
// same time), and @prefix, whose buffer size grows with the iteration.
//

// Blocked row sums: a 16-wide scratch buffer per block of each row.
func.func @blocked_rows(%in: memref<?x256xf32>, %out: memref<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %rows = memref.dim %in, %c0 : memref<?x256xf32>
  scf.for %r = %c0 to %rows step %c1 {
    scf.for %b = %c0 to %c16 step %c1 {
      %scratch = memref.alloc() : memref<16xf32>
      %base = arith.muli %b, %c16 : index
      %src = memref.subview %in[%r, %base] [1, 16] [1, 1]
          : memref<?x256xf32> to memref<16xf32, strided<[1], offset: ?>>
      memref.copy %src, %scratch : memref<16xf32, strided<[1], offset: ?>> to memref<16xf32>
      %sum = scf.for %i = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> f32 {
        %v = memref.load %scratch[%i] : memref<16xf32>
        %s = arith.addf %acc, %v : f32
        scf.yield %s : f32
      }
      memref.store %sum, %out[%r, %b] : memref<?x16xf32>
      memref.dealloc %scratch : memref<16xf32>
    }
  }
  return
}

// A dynamically sized row buffer, sized by a value defined before the loop.
func.func @normalize_rows(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  %two = arith.constant 2.0 : f32
  scf.for %r = %c0 to %rows step %c1 {
    %row = memref.alloc(%cols) : memref<?xf32>
    scf.for %c = %c0 to %cols step %c1 {
      %v = memref.load %m[%r, %c] : memref<?x?xf32>
      %h = arith.divf %v, %two : f32
      memref.store %h, %row[%c] : memref<?xf32>
    }
    memref.dealloc %row : memref<?xf32>
  }
  return
}

// Not reported: parallel iterations would share a hoisted buffer.
func.func @tiles(%m: memref<64x64xf32>) {
  %c0 = arith.constant 0 : index
  scf.forall (%t) in (4) {
    %tile = memref.alloc() : memref<16x64xf32>
    %src = memref.subview %m[%t, 0] [16, 64] [1, 1]
        : memref<64x64xf32> to memref<16x64xf32, strided<[64, 1], offset: ?>>
    memref.copy %src, %tile : memref<16x64xf32, strided<[64, 1], offset: ?>> to memref<16x64xf32>
    memref.dealloc %tile : memref<16x64xf32>
  }
  return
}

// Not reported: the size depends on the iteration.
func.func @prefix(%v: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %n step %c1 {
    %head = memref.alloc(%i) : memref<?xf32>
    %src = memref.subview %v[0] [%i] [1] : memref<?xf32> to memref<?xf32, strided<[1]>>
    memref.copy %src, %head : memref<?xf32, strided<[1]>> to memref<?xf32>
    memref.dealloc %head : memref<?xf32>
  }
  return
}

// The findings, in the order the tool prints them (snippet lines between them).
// CHECK: loop_invariant_alloc.mlir:24:18: warning: buffer '%scratch' is allocated and deallocated on each of the 16 iterations of the 'scf.for' although its size is loop-invariant; hoisting it saves 15 allocations [perf-loop-invariant-alloc]
// CHECK: loop_invariant_alloc.mlir:23:5: note: loop here
// CHECK: loop_invariant_alloc.mlir:35:7: note: buffer deallocated here
// CHECK: loop_invariant_alloc.mlir:49:12: warning: buffer '%row' is allocated and deallocated on every iteration of the 'scf.for' although its size is loop-invariant; hoisting it saves N-1 allocations [perf-loop-invariant-alloc]
// CHECK: loop_invariant_alloc.mlir:48:3: note: loop here
// CHECK: loop_invariant_alloc.mlir:55:5: note: buffer deallocated here
// CHECK: mlir-memlint: 2 warnings in 1 file
