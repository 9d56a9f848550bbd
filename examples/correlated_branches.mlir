// Correct code that is only correct through path correlation. Every function
// frees each buffer exactly once on every path and never touches a freed one,
// but a join-based analysis that forgets which buffer a merged value holds
// ("%m is %a or %b", "%buf is %alloc or %arg") reports false double frees,
// uses after free or leaks here.
//   @select_then_free, @select_then_free_negated: branches on the same i1
//     (or its negation via arith.xori %c, %true) are correlated.
//   @ownership_flag_cf, @ownership_flag_scf: an i1 ownership flag travels
//     with the buffer through block arguments / scf.if results, in the style
//     of -ownership-based-buffer-deallocation and -buffer-deallocation-pipeline.
//
// RUN: cd %S && mlir-memlint %{s:basename} 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:

// %c true:  %m = %a; frees %b in the then-branch, then reads and frees %a.
// %c false: %m = %b; frees %a in the else-branch, then reads and frees %b.
func.func @select_then_free(%c: i1, %x: f32, %y: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  memref.store %y, %b[%c0] : memref<16xf32>
  %m = arith.select %c, %a, %b : memref<16xf32>
  scf.if %c {
    memref.dealloc %b : memref<16xf32>
  } else {
    memref.dealloc %a : memref<16xf32>
  }
  %v = memref.load %m[%c0] : memref<16xf32>
  memref.dealloc %m : memref<16xf32>
  return %v : f32
}

// Same, with the second branch on the negation %nc = !%c.
func.func @select_then_free_negated(%c: i1, %x: f32, %y: f32) -> f32 {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %a[%c0] : memref<16xf32>
  memref.store %y, %b[%c0] : memref<16xf32>
  %m = arith.select %c, %a, %b : memref<16xf32>
  %nc = arith.xori %c, %true : i1
  scf.if %nc {
    memref.dealloc %a : memref<16xf32>
  } else {
    memref.dealloc %b : memref<16xf32>
  }
  %v = memref.load %m[%c0] : memref<16xf32>
  memref.dealloc %m : memref<16xf32>
  return %v : f32
}

// ^merge receives either a fresh copy it owns (%own = true) or the caller's
// %arg (%own = false); it frees the base buffer only when it owns it.
func.func @ownership_flag_cf(%arg: memref<16xf32>, %need_copy: i1) -> f32 {
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  cf.cond_br %need_copy, ^copy, ^merge(%arg, %false : memref<16xf32>, i1)
^copy:
  %alloc = memref.alloc() : memref<16xf32>
  memref.copy %arg, %alloc : memref<16xf32> to memref<16xf32>
  cf.br ^merge(%alloc, %true : memref<16xf32>, i1)
^merge(%buf: memref<16xf32>, %own: i1):
  %v = memref.load %buf[%c0] : memref<16xf32>
  %base, %offset, %size, %stride = memref.extract_strided_metadata %buf
      : memref<16xf32> -> memref<f32>, index, index, index
  scf.if %own {
    memref.dealloc %base : memref<f32>
  }
  return %v : f32
}

// The same pattern with structured control flow: the buffer and its flag are
// results of one scf.if.
func.func @ownership_flag_scf(%arg: memref<16xf32>, %scale: i1, %s: f32) -> f32 {
  %true = arith.constant true
  %false = arith.constant false
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %buf, %own = scf.if %scale -> (memref<16xf32>, i1) {
    %alloc = memref.alloc() : memref<16xf32>
    scf.for %i = %c0 to %c16 step %c1 {
      %e = memref.load %arg[%i] : memref<16xf32>
      %p = arith.mulf %e, %s : f32
      memref.store %p, %alloc[%i] : memref<16xf32>
    }
    scf.yield %alloc, %true : memref<16xf32>, i1
  } else {
    scf.yield %arg, %false : memref<16xf32>, i1
  }
  %v = memref.load %buf[%c0] : memref<16xf32>
  scf.if %own {
    memref.dealloc %buf : memref<16xf32>
  }
  return %v : f32
}

// The findings, in the order the tool prints them (snippet lines between them).
// CHECK: mlir-memlint: no findings in 1 file
