// RUN: mlir-memlint --split-input-file --allow-unregistered-dialect --base-dir %S --checks='-*,perf-late-dealloc' --config='{CheckOptions: {perf-late-dealloc.Aggregate: false}}' %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: not mlir-memlint --split-input-file --allow-unregistered-dialect --checks='-*,perf-late-dealloc' --config='{CheckOptions: {perf-late-dealloc.Aggregate: false}}' --fail-on=warning %s 2>/dev/null
// RUN: mlir-memlint --split-input-file --allow-unregistered-dialect --base-dir %S --checks='-*,perf-late-dealloc' --config='{CheckOptions: {perf-late-dealloc.Aggregate: false}}' %s --show-fixes --json - 2>/dev/null | FileCheck %s --check-prefix=FIX

// The dealloc comes after the next allocation although the buffer is dead.
func.func @basic(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  // CHECK: perf-late-dealloc.mlir:[[@LINE+3]]:3: warning: buffer '%a' is deallocated 4 ops after its last use; 1 allocation happens in between [perf-late-dealloc]
  // CHECK: :[[@LINE-5]]:3: note: last use of '%a' here
  // CHECK: :[[@LINE-5]]:8: note: allocation while the buffer is dead
  memref.dealloc %a : memref<1024xf32>
  return
}
// The fix moves the dealloc line after the store, indented like it.
// FIX:      "rule": "perf-late-dealloc",
// FIX:      "message": "buffer '%a' is deallocated 4 ops after its last use; 1 allocation happens in between",
// FIX:      "paths": "all",
// FIX:      "fixes": [
// FIX-NEXT:   {
// FIX-NEXT:     "description": "move the dealloc of '%a' to just after its last use",
// FIX-NEXT:     "edits": [
// FIX-NEXT:       {
// FIX-NEXT:         "file": "perf-late-dealloc.mlir",
// FIX-NEXT:         "offset": {{[0-9]+}},
// FIX-NEXT:         "length": 0,
// FIX-NEXT:         "text": "  memref.dealloc %a : memref<1024xf32>\n"
// FIX-NEXT:       },
// FIX-NEXT:       {
// FIX-NEXT:         "file": "perf-late-dealloc.mlir",
// FIX-NEXT:         "offset": {{[0-9]+}},
// FIX-NEXT:         "length": 39,
// FIX-NEXT:         "text": ""

// -----

// The last use is through a subview, nested in a loop: the dealloc moves
// after the loop, indented like the loop.
func.func @view_in_loop(%n: index, %f: f32, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<1024xf32>
  %v = memref.subview %a[8] [16] [1] : memref<1024xf32> to memref<16xf32, strided<[1], offset: 8>>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %f, %v[%i] : memref<16xf32, strided<[1], offset: 8>>
  }
  scf.if %c {
    %t = memref.alloc() : memref<64xf32>
    memref.dealloc %t : memref<64xf32>
  }
  // CHECK: :[[@LINE+3]]:3: warning: buffer '%a' is deallocated 2 ops after its last use; 1 allocation happens in between [perf-late-dealloc]
  // CHECK: :[[@LINE-7]]:5: note: last use of '%v' here
  // CHECK: :[[@LINE-5]]:10: note: allocation while the buffer is dead
  memref.dealloc %a : memref<1024xf32>
  return
}
// FIX:      "description": "move the dealloc of '%a' to just after its last use",
// FIX:        "text": "  memref.dealloc %a : memref<1024xf32>\n"

// -----

// Aliases through a cast, an arith.select of two views and an scf.if result:
// the last use is the load of the scf.if result.
func.func @merged_aliases(%c: i1, %i: index) -> f32 {
  %a = memref.alloc() : memref<1024xf32>
  %cast = memref.cast %a : memref<1024xf32> to memref<?xf32>
  %head = memref.subview %a[0] [512] [1] : memref<1024xf32> to memref<512xf32, strided<[1]>>
  %tail = memref.subview %a[512] [512] [1] : memref<1024xf32> to memref<512xf32, strided<[1], offset: 512>>
  %any = memref.cast %tail : memref<512xf32, strided<[1], offset: 512>> to memref<512xf32, strided<[1], offset: ?>>
  %head2 = memref.cast %head : memref<512xf32, strided<[1]>> to memref<512xf32, strided<[1], offset: ?>>
  %sel = arith.select %c, %head2, %any : memref<512xf32, strided<[1], offset: ?>>
  %r = scf.if %c -> memref<?xf32> {
    scf.yield %cast : memref<?xf32>
  } else {
    %other = memref.cast %sel : memref<512xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
    %flat = memref.reinterpret_cast %a to offset: [0], sizes: [1024], strides: [1] : memref<1024xf32> to memref<?xf32>
    scf.yield %flat : memref<?xf32>
  }
  %x = memref.load %r[%i] : memref<?xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.store %x, %b[%i] : memref<1024xf32>
  %y = memref.load %b[%i] : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  // CHECK: :[[@LINE+3]]:3: warning: buffer '%a' is deallocated 5 ops after its last use; 1 allocation happens in between [perf-late-dealloc]
  // CHECK: :[[@LINE-6]]:8: note: last use of '%r' here
  // CHECK: :[[@LINE-6]]:8: note: allocation while the buffer is dead
  memref.dealloc %a : memref<1024xf32>
  return %y : f32
}

// -----

// A call to a function of the module that allocates counts as an
// allocation; the dealloc is reached through an alias.
func.func private @scratch(%i: index) -> f32 {
  %t = memref.alloc() : memref<4096xf32>
  %x = memref.load %t[%i] : memref<4096xf32>
  memref.dealloc %t : memref<4096xf32>
  return %x : f32
}
func.func @call_allocates(%i: index) -> f32 {
  %a = memref.alloc() : memref<1024xf32>
  %v = memref.cast %a : memref<1024xf32> to memref<?xf32>
  %x = memref.load %v[%i] : memref<?xf32>
  %y = func.call @scratch(%i) : (index) -> f32
  %z = arith.addf %x, %y : f32
  // CHECK: :[[@LINE+3]]:3: warning: buffer '%a' is deallocated 3 ops after its last use; 1 allocation happens in between [perf-late-dealloc]
  // CHECK: :[[@LINE-4]]:8: note: last use of '%v' here
  // CHECK: :[[@LINE-4]]:8: note: call that allocates while the buffer is dead
  memref.dealloc %v : memref<?xf32>
  return %z : f32
}

// -----

// A buffer never used is dead from its allocation; several allocations.
func.func @never_used(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  %b = memref.alloc() : memref<16xf32>
  %c = memref.alloc() : memref<16xf32>
  memref.copy %b, %c : memref<16xf32> to memref<16xf32>
  memref.dealloc %b : memref<16xf32>
  memref.dealloc %c : memref<16xf32>
  // CHECK: :[[@LINE+3]]:3: warning: buffer '%a' is deallocated 6 ops after its last use; 2 allocations happen in between [perf-late-dealloc]
  // CHECK: :[[@LINE-7]]:8: note: buffer allocated here and never used
  // CHECK: :[[@LINE-7]]:8: note: allocation while the buffer is dead
  memref.dealloc %a : memref<1024xf32>
  return
}

// -----

// Device memory: a later gpu.alloc competes with the dead gpu buffer.
func.func @gpu(%i: index, %f: f32) {
  %a = gpu.alloc () : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  %b = gpu.alloc () : memref<1024xf32>
  gpu.dealloc %b : memref<1024xf32>
  // CHECK: :[[@LINE+3]]:3: warning: buffer '%a' is deallocated 3 ops after its last use; 1 allocation happens in between [perf-late-dealloc]
  // CHECK: :[[@LINE-4]]:3: note: last use of '%a' here
  // CHECK: :[[@LINE-4]]:8: note: allocation while the buffer is dead
  gpu.dealloc %a : memref<1024xf32>
  return
}

// -----

// no-warning: already optimal, each dealloc right after the last use.
func.func @optimal(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return
}

// -----

// no-warning: late, but nothing is allocated in between (stack buffers and
// computations do not raise the heap's peak).
func.func @nothing_in_between(%i: index, %f: f32) -> f32 {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  %s = memref.alloca() : memref<16xf32>
  memref.store %f, %s[%i] : memref<16xf32>
  %x = memref.load %s[%i] : memref<16xf32>
  %y = arith.addf %x, %f : f32
  memref.dealloc %a : memref<1024xf32>
  return %y : f32
}

// -----

// no-warning: the allocation in between is in another memory space, and a
// gpu.alloc does not compete with host memory.
func.func @other_memory(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32, 3>
  memref.dealloc %b : memref<1024xf32, 3>
  %g = gpu.alloc () : memref<1024xf32>
  gpu.dealloc %g : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  return
}

// -----

// no-warning: the buffer escapes (returned through a cast, stored, passed to a
// call, to an unknown op, turned into an integer, or freed by
// bufferization.dealloc): its memory may be used where the function cannot see.
func.func private @consume(memref<1024xf32>)
func.func @returned(%i: index, %f: f32) -> memref<?xf32> {
  %a = memref.alloc() : memref<1024xf32>
  %v = memref.cast %a : memref<1024xf32> to memref<?xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  return %v : memref<?xf32>
}
func.func @stored(%i: index, %box: memref<memref<1024xf32>>) {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %a, %box[] : memref<memref<1024xf32>>
  %b = memref.alloc() : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  return
}
func.func @passed(%i: index) {
  %a = memref.alloc() : memref<1024xf32>
  func.call @consume(%a) : (memref<1024xf32>) -> ()
  %b = memref.alloc() : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  return
}
func.func @unknown_op(%i: index) {
  %a = memref.alloc() : memref<1024xf32>
  "test.keep"(%a) : (memref<1024xf32>) -> ()
  %b = memref.alloc() : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  return
}
func.func @pointer_taken(%i: index) -> index {
  %a = memref.alloc() : memref<1024xf32>
  %p = memref.extract_aligned_pointer_as_index %a : memref<1024xf32> -> index
  %b = memref.alloc() : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  return %p : index
}
func.func @ownership(%i: index, %f: f32) {
  %true = arith.constant true
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  bufferization.dealloc (%a : memref<1024xf32>) if (%true)
  return
}

// -----

// no-warning: block structure the check does not reason about: the buffer
// flows to another block, or is used outside the region of its dealloc, or
// inside an async region that may still run.
func.func @other_block(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  cf.br ^bb1(%a : memref<1024xf32>)
^bb1(%m: memref<1024xf32>):
  %b = memref.alloc() : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  memref.dealloc %m : memref<1024xf32>
  return
}
func.func @dealloc_in_branch(%c: i1, %i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  scf.if %c {
    %b = memref.alloc() : memref<1024xf32>
    memref.dealloc %b : memref<1024xf32>
    memref.dealloc %a : memref<1024xf32>
  } else {
    memref.dealloc %a : memref<1024xf32>
  }
  return
}
func.func @async_use(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  %token = async.execute {
    memref.store %f, %a[%i] : memref<1024xf32>
    async.yield
  }
  %b = memref.alloc() : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  async.await %token : !async.token
  memref.dealloc %a : memref<1024xf32>
  return
}

// -----

// no-warning: a use after the dealloc (a use after free, for the lifetime
// checks) or a second dealloc: not a simple late dealloc.
func.func @used_after(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  return
}
func.func @freed_twice(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  %v = memref.cast %a : memref<1024xf32> to memref<?xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  memref.dealloc %v : memref<?xf32>
  return
}

// -----

// no-warning: a select with a function argument: the merged value may be
// memory the function does not own.
func.func @foreign(%c: i1, %arg: memref<1024xf32>, %i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  %s = arith.select %c, %a, %arg : memref<1024xf32>
  memref.store %f, %s[%i] : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32>
  memref.dealloc %a : memref<1024xf32>
  return
}
