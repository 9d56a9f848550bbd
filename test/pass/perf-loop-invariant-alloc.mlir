// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{checks=-*,perf-loop-invariant-alloc check-options=perf-loop-invariant-alloc.Aggregate=false})' --split-input-file --verify-diagnostics %s

// A dynamic size defined outside the loop; the buffer is used through a
// subview and in a nested loop.
func.func @dynamic(%n: index, %m: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note@+1 {{loop here}}
  scf.for %i = %c0 to %n step %c1 {
    // expected-warning@+1 {{buffer '%alloc' is allocated and deallocated on every iteration of the 'scf.for' although its size is loop-invariant; hoisting it saves N-1 allocations [perf-loop-invariant-alloc]}}
    %t = memref.alloc(%m) : memref<?xf32>
    %v = memref.subview %t[0] [4] [1] : memref<?xf32> to memref<4xf32, strided<[1]>>
    scf.for %j = %c0 to %m step %c1 {
      memref.store %f, %t[%j] : memref<?xf32>
    }
    %x = memref.load %v[%c0] : memref<4xf32, strided<[1]>>
    // expected-note@+1 {{buffer deallocated here}}
    memref.dealloc %t : memref<?xf32>
  }
  return
}
// FIX:      "rule": "perf-loop-invariant-alloc",
// FIX:      "fixes": [
// FIX-NEXT:   {
// FIX-NEXT:     "description": "hoist the allocation of '%t' before the loop and its dealloc after it",
// FIX-NEXT:     "edits": [
// FIX-NEXT:       {
// FIX-NEXT:         "file": "perf-loop-invariant-alloc.mlir",
// FIX-NEXT:         "offset": {{[0-9]+}},
// FIX-NEXT:         "length": 0,
// FIX-NEXT:         "text": "  %t = memref.alloc(%m) : memref<?xf32>\n"
// FIX-NEXT:       },
// FIX-NEXT:       {
// FIX-NEXT:         "file": "perf-loop-invariant-alloc.mlir",
// FIX-NEXT:         "offset": {{[0-9]+}},
// FIX-NEXT:         "length": 42,
// FIX-NEXT:         "text": ""
// FIX-NEXT:       },
// FIX-NEXT:       {
// FIX-NEXT:         "file": "perf-loop-invariant-alloc.mlir",
// FIX-NEXT:         "offset": {{[0-9]+}},
// FIX-NEXT:         "length": 38,
// FIX-NEXT:         "text": ""
// FIX-NEXT:       },
// FIX-NEXT:       {
// FIX-NEXT:         "file": "perf-loop-invariant-alloc.mlir",
// FIX-NEXT:         "offset": {{[0-9]+}},
// FIX-NEXT:         "length": 0,
// FIX-NEXT:         "text": "  memref.dealloc %t : memref<?xf32>\n"

// -----

// Constant bounds: the message counts the iterations. affine.for and both
// regions of scf.while are sequential loops too; gpu.alloc is hoisted like
// memref.alloc.
func.func @static_trips(%f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  // expected-note@+1 {{loop here}}
  scf.for %i = %c0 to %c8 step %c1 {
    // expected-warning@+1 {{buffer '%alloc' is allocated and deallocated on each of the 8 iterations of the 'scf.for' although its size is loop-invariant; hoisting it saves 7 allocations [perf-loop-invariant-alloc]}}
    %t = memref.alloc() : memref<64xf32>
    memref.store %f, %t[%i] : memref<64xf32>
    // expected-note@+1 {{buffer deallocated here}}
    memref.dealloc %t : memref<64xf32>
  }
  // expected-note@+1 {{loop here}}
  affine.for %i = 0 to 100 {
    // expected-warning@+1 {{buffer '%memref' is allocated and deallocated on each of the 100 iterations of the 'affine.for' although its size is loop-invariant; hoisting it saves 99 allocations [perf-loop-invariant-alloc]}}
    %u = gpu.alloc () : memref<64xf32>
    affine.store %f, %u[%i mod 64] : memref<64xf32>
    // expected-note@+1 {{buffer deallocated here}}
    gpu.dealloc %u : memref<64xf32>
  }
  return
}

// -----

func.func @while_loop(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note@+1 {{loop here}}
  %r = scf.while (%i = %c0) : (index) -> index {
    // expected-warning@+1 {{buffer '%alloc' is allocated and deallocated on every iteration of the 'scf.while' although its size is loop-invariant; hoisting it saves N-1 allocations [perf-loop-invariant-alloc]}}
    %t = memref.alloc() : memref<64xf32>
    memref.store %f, %t[%c0] : memref<64xf32>
    // expected-note@+1 {{buffer deallocated here}}
    memref.dealloc %t : memref<64xf32>
    %more = arith.cmpi slt, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%i: index):
    // expected-warning@+1 {{buffer '%alloc' is allocated and deallocated on every iteration of the 'scf.while' although its size is loop-invariant; hoisting it saves N-1 allocations [perf-loop-invariant-alloc]}}
    %u = memref.alloc(%n) : memref<?xf32>
    memref.store %f, %u[%c0] : memref<?xf32>
    // expected-note@+1 {{buffer deallocated here}}
    memref.dealloc %u : memref<?xf32>
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  return
}

// -----

// Only the innermost loop: the outer one is for a second run.
func.func @nested(%n: index, %m: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    // expected-note@+1 {{loop here}}
    scf.for %j = %c0 to %n step %c1 {
      // expected-warning@+1 {{buffer '%alloc' is allocated and deallocated on every iteration of the 'scf.for' although its size is loop-invariant; hoisting it saves N-1 allocations [perf-loop-invariant-alloc]}}
      %t = memref.alloc(%m) : memref<?xf32>
      memref.store %f, %t[%j] : memref<?xf32>
      // expected-note@+1 {{buffer deallocated here}}
      memref.dealloc %t : memref<?xf32>
    }
  }
  return
}

// -----

// no-warning: already hoisted.
func.func @hoisted(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %f, %t[%c0] : memref<64xf32>
  }
  memref.dealloc %t : memref<64xf32>
  return
}

// -----

// no-warning: the size depends on the iteration.
func.func @variant_size(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc(%i) : memref<?xf32>
    %s = arith.addi %i, %c1 : index
    %u = memref.alloc(%s) : memref<?xf32>
    memref.dealloc %t : memref<?xf32>
    memref.dealloc %u : memref<?xf32>
  }
  return
}

// -----

// no-warning: parallel loops would share a hoisted buffer between
// iterations running at the same time.
func.func @parallel(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %t = memref.alloc() : memref<64xf32>
    memref.store %f, %t[%c0] : memref<64xf32>
    memref.dealloc %t : memref<64xf32>
    scf.reduce
  }
  scf.forall (%i) in (%n) {
    %t = memref.alloc() : memref<64xf32>
    memref.store %f, %t[%c0] : memref<64xf32>
    memref.dealloc %t : memref<64xf32>
  }
  return
}

// -----

// no-warning: the buffer outlives the iteration: yielded to the next one,
// stored, passed to a call or to an unknown op, or freed in another block.
func.func @yielded(%n: index, %init: memref<64xf32>) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %init) -> memref<64xf32> {
    %t = memref.alloc() : memref<64xf32>
    memref.copy %prev, %t : memref<64xf32> to memref<64xf32>
    scf.yield %t : memref<64xf32>
  }
  return %r : memref<64xf32>
}

// -----

func.func @stored(%n: index, %box: memref<memref<64xf32>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<64xf32>
    memref.store %t, %box[] : memref<memref<64xf32>>
    memref.dealloc %t : memref<64xf32>
  }
  return
}

// -----

func.func private @consume(memref<64xf32>)
func.func @passed(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<64xf32>
    func.call @consume(%t) : (memref<64xf32>) -> ()
    memref.dealloc %t : memref<64xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<64xf32>
    "test.keep"(%t) : (memref<64xf32>) -> ()
    memref.dealloc %t : memref<64xf32>
  }
  return
}

// -----

func.func @freed_in_branches(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<64xf32>
    %c = arith.cmpi eq, %i, %c0 : index
    scf.if %c {
      memref.dealloc %t : memref<64xf32>
    } else {
      memref.dealloc %t : memref<64xf32>
    }
  }
  return
}

// -----

// no-warning: not a plain alloc/dealloc pair of the iteration: a leak (no
// dealloc), a mismatched deallocator, an allocation under a condition, a
// clone of iteration data, and loops that run at most once.
func.func @not_a_pair(%n: index, %f: f32, %src: memref<64xf32>, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<64xf32>
    memref.store %f, %t[%c0] : memref<64xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %t = gpu.alloc () : memref<64xf32>
    memref.dealloc %t : memref<64xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      %t = memref.alloc() : memref<64xf32>
      memref.dealloc %t : memref<64xf32>
    }
  }
  scf.for %i = %c0 to %n step %c1 {
    %t = bufferization.clone %src : memref<64xf32> to memref<64xf32>
    memref.dealloc %t : memref<64xf32>
  }
  scf.for %i = %c0 to %c1 step %c1 {
    %t = memref.alloc() : memref<64xf32>
    memref.dealloc %t : memref<64xf32>
  }
  return
}

// -----

// no-warning: a use after the dealloc of the iteration, or inside an async
// region that may run after it.
func.func @uses_outside(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<64xf32>
    memref.dealloc %t : memref<64xf32>
    memref.store %f, %t[%c0] : memref<64xf32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<64xf32>
    %token = async.execute {
      memref.store %f, %t[%c0] : memref<64xf32>
      async.yield
    }
    async.await %token : !async.token
    memref.dealloc %t : memref<64xf32>
  }
  return
}
