// Structural perf-* findings are aggregated by default: one per function,
// rule and memory space, at the site with the most bytes, the other sites as
// notes ranked by bytes, their fix-its merged (DESIGN.md section 3). The
// check option <rule>.Aggregate: false gives one finding per site.
//
// RUN: mlir-memlint --base-dir %S %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: --implicit-check-not=note:
// RUN: mlir-memlint --base-dir %S %s --show-fixes --json - 2>/dev/null | FileCheck %s --check-prefix=FIX
// RUN: mlir-memlint %s --config='{CheckOptions: {perf-late-dealloc.Aggregate: false, perf-loop-invariant-alloc.Aggregate: false, perf-missed-reuse.Aggregate: 0}}' 2>&1 | FileCheck %s --check-prefix=SITES
// RUN: cp %s %t.mlir && mlir-memlint -q %t.mlir --fix 2>&1 | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint %t.mlir --checks='-*,perf-late-dealloc,perf-loop-invariant-alloc' 2>&1 | FileCheck %s --check-prefix=CLEAN
// The pass aggregates too, and takes the option as check-options.
// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{checks=-*,perf-late-dealloc})' %s 2>&1 | FileCheck %s --check-prefix=PASS
// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{checks=-*,perf-late-dealloc check-options=perf-late-dealloc.Aggregate=false})' %s 2>&1 | FileCheck %s --check-prefix=PASS-SITES
// RUN: not mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint{check-options=perf-late-dealloc.Aggregate=maybe})' %s 2>&1 | FileCheck %s --check-prefix=PASS-BAD
//
// SITES-COUNT-12: warning:
// SITES-NOT: warning:
// SITES: mlir-memlint: 12 warnings in 1 file; 1 suppressed by NOLINT
// FIXED: applied 7 fix-its, {{[0-9]+}} findings left
// CLEAN: mlir-memlint: no findings in 1 file; 1 suppressed by NOLINT
// PASS-COUNT-5: warning:
// PASS-NOT: warning:
// PASS-SITES-COUNT-9: warning:
// PASS-SITES-NOT: warning:
// PASS-BAD: error: memlint: check option 'perf-late-dealloc.Aggregate' must be true or false, not 'maybe'

func.func @three_late(%i: index, %f: f32) {
  %small = memref.alloc() : memref<16xf32>
  %big = memref.alloc() : memref<4096xf32>
  %mid = memref.alloc() : memref<256xf32>
  memref.store %f, %small[%i] : memref<16xf32>
  memref.store %f, %big[%i] : memref<4096xf32>
  memref.store %f, %mid[%i] : memref<256xf32>
  %next = memref.alloc() : memref<64xf32>
  memref.store %f, %next[%i] : memref<64xf32>
  memref.dealloc %next : memref<64xf32>
  memref.dealloc %small : memref<16xf32>
  memref.dealloc %big : memref<4096xf32>
  memref.dealloc %mid : memref<256xf32>
  return
}

func.func @two_spaces(%i: index, %f: f32) {
  %h = memref.alloc() : memref<1024xf32>
  %d = memref.alloc() : memref<512xf32, 1>
  memref.store %f, %h[%i] : memref<1024xf32>
  memref.store %f, %d[%i] : memref<512xf32, 1>
  %n = memref.alloc() : memref<8xf32>
  %m = memref.alloc() : memref<8xf32, 1>
  memref.store %f, %n[%i] : memref<8xf32>
  memref.store %f, %m[%i] : memref<8xf32, 1>
  memref.dealloc %n : memref<8xf32>
  memref.dealloc %m : memref<8xf32, 1>
  memref.dealloc %h : memref<1024xf32>
  memref.dealloc %d : memref<512xf32, 1>
  return
}

func.func @with_nolint(%i: index, %f: f32) {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<128xf32>
  %c = memref.alloc() : memref<32xf32>
  memref.store %f, %a[%i] : memref<64xf32>
  memref.store %f, %b[%i] : memref<128xf32>
  memref.store %f, %c[%i] : memref<32xf32>
  %next = memref.alloc() : memref<8xf32>
  memref.store %f, %next[%i] : memref<8xf32>
  memref.dealloc %next : memref<8xf32>
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<128xf32> // NOLINT(perf-late-dealloc)
  memref.dealloc %c : memref<32xf32>
  return
}

func.func @invariant(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %t = memref.alloc() : memref<32xf32>
    memref.store %f, %t[%c0] : memref<32xf32>
    memref.dealloc %t : memref<32xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %u = memref.alloc() : memref<2048xf32>
    memref.store %f, %u[%c0] : memref<2048xf32>
    memref.dealloc %u : memref<2048xf32>
  }
  return
}

func.func @reuse(%i: index, %f: f32) -> f32 {
  %a = memref.alloc() : memref<256xf32>
  memref.store %f, %a[%i] : memref<256xf32>
  %x = memref.load %a[%i] : memref<256xf32>
  memref.dealloc %a : memref<256xf32>
  %b = memref.alloc() : memref<128xf32>
  memref.store %x, %b[%i] : memref<128xf32>
  %y = memref.load %b[%i] : memref<128xf32>
  memref.dealloc %b : memref<128xf32>
  %c = memref.alloc() : memref<64xf32>
  memref.store %y, %c[%i] : memref<64xf32>
  %z = memref.load %c[%i] : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  %d = memref.alloc() : memref<1024xf32>
  memref.store %z, %d[%i] : memref<1024xf32>
  %e = memref.alloc() : memref<512xf32>
  memref.store %z, %e[%i] : memref<512xf32>
  %w = memref.load %e[%i] : memref<512xf32>
  memref.dealloc %e : memref<512xf32>
  memref.dealloc %d : memref<1024xf32>
  return %w : f32
}

// The findings as printed: the sites of a function ranked by bytes, one
// finding per memory space (@two_spaces), a NOLINT silencing its site only
// (@with_nolint: '%b' is not among the notes).
// CHECK: aggregation.mlir:38:3: warning: 3 deallocs in '@three_late' come later than needed, keeping 17.1 KiB live after the last use while other allocations happen; the largest: buffer '%big' is deallocated 6 ops after its last use; 1 allocation happens in between [perf-late-dealloc]
// CHECK: aggregation.mlir:32:3: note: last use of '%big' here
// CHECK: aggregation.mlir:34:11: note: allocation while the buffer is dead
// CHECK: aggregation.mlir:39:3: note: also buffer '%mid' is deallocated 6 ops after its last use; 1 allocation happens in between
// CHECK: aggregation.mlir:37:3: note: also buffer '%small' is deallocated 6 ops after its last use; 1 allocation happens in between
// CHECK: aggregation.mlir:54:3: warning: buffer '%h' is deallocated 8 ops after its last use; 1 allocation happens in between [perf-late-dealloc]
// CHECK: aggregation.mlir:46:3: note: last use of '%h' here
// CHECK: aggregation.mlir:48:8: note: allocation while the buffer is dead
// CHECK: aggregation.mlir:55:3: warning: buffer '%d' is deallocated 8 ops after its last use; 1 allocation happens in between [perf-late-dealloc]
// CHECK: aggregation.mlir:47:3: note: last use of '%d' here
// CHECK: aggregation.mlir:49:8: note: allocation while the buffer is dead
// CHECK: aggregation.mlir:69:3: warning: 2 deallocs in '@with_nolint' come later than needed, keeping 384 bytes live after the last use while other allocations happen; the largest: buffer '%a' is deallocated 6 ops after its last use; 1 allocation happens in between [perf-late-dealloc]
// CHECK: aggregation.mlir:63:3: note: last use of '%a' here
// CHECK: aggregation.mlir:66:11: note: allocation while the buffer is dead
// CHECK: aggregation.mlir:71:3: note: also buffer '%c' is deallocated 6 ops after its last use; 1 allocation happens in between
// CHECK: aggregation.mlir:85:10: warning: 2 buffers in '@invariant' of a loop-invariant size are allocated on every iteration of their loop (8.1 KiB per iteration); the largest: buffer '%u' is allocated and deallocated on each of the 8 iterations of the 'scf.for' although its size is loop-invariant; hoisting it saves 7 allocations [perf-loop-invariant-alloc]
// CHECK: aggregation.mlir:84:3: note: loop here
// CHECK: aggregation.mlir:87:5: note: buffer deallocated here
// CHECK: aggregation.mlir:80:10: note: also buffer '%t' is allocated and deallocated on each of the 8 iterations of the 'scf.for' although its size is loop-invariant; hoisting it saves 7 allocations
// CHECK: aggregation.mlir:97:8: warning: 2 buffers in '@reuse' could reuse the storage of earlier dead buffers and save 768 bytes of allocations; the largest: buffer '%b' (512 bytes) could reuse the storage of '%a', which is dead here; one allocation could serve both and save 512 bytes [perf-missed-reuse]
// CHECK: aggregation.mlir:93:8: note: buffer '%a' allocated here
// CHECK: aggregation.mlir:96:3: note: buffer '%a' deallocated here
// CHECK: aggregation.mlir:101:8: note: also buffer '%c' (256 bytes) could reuse the storage of '%b', which is dead here; one allocation could serve both and save 256 bytes
// CHECK: aggregation.mlir:111:3: warning: buffer '%d' is deallocated 5 ops after its last use; 1 allocation happens in between [perf-late-dealloc]
// CHECK: aggregation.mlir:106:3: note: last use of '%d' here
// CHECK: aggregation.mlir:107:8: note: allocation while the buffer is dead
// CHECK: mlir-memlint: 7 warnings in 1 file; 1 suppressed by NOLINT

// The merged fix-it moves the three deallocs of @three_late.
// FIX: "message": "3 deallocs in '@three_late' come later
// FIX: "fixes": [
// FIX-NEXT: {
// FIX-NEXT: "description": "move the dealloc of '%big' to just after its last use (and the fix-its of the 2 other sites)",
