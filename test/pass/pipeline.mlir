// The memlint pass after bufferization, in one pipeline: the buffers that
// -one-shot-bufferize creates carry the locations of the tensor ops they come
// from, so the findings land on the lines of this tensor program.
// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},canonicalize,memlint{checks=-*,lifetime-*})' --verify-diagnostics %s

// The runs below do not verify diagnostics: they read a copy of this file
// whose expected-* comments are renamed, so that mlir-opt does not complain
// about them (line numbers are kept).
// RUN: sed -e 's/expected-/annotated-/' %s > %t.mlir

// With MLIR's own deallocation pipeline in between, the result is clean: no
// diagnostic, and the pass succeeds.
// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},buffer-deallocation-pipeline,memlint)' %t.mlir 2>&1 | FileCheck %s --check-prefix=DEALLOC --implicit-check-not=error: --implicit-check-not=warning:
// DEALLOC-LABEL: func.func @sum
// DEALLOC: memref.alloc
// DEALLOC: memref.dealloc

// Without a deallocation pass, the same pipeline fails on the leaks.
// RUN: not mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},memlint)' %t.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: .mlir:[[# @LINE + 11]]:12: error: buffer '%alloc' is leaked on every path [lifetime-leak]
// FAIL: .mlir:[[# @LINE + 19]]:14: error: buffer '%alloc_0' is leaked on some path [lifetime-leak]

func.func @sum(%init: f32, %flag: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  // The loop writes in place into this buffer; it is never freed, and its
  // last reference is lost when only the extracted element is returned.
  // expected-error@+2 {{buffer '%alloc' is leaked on every path [lifetime-leak]}}
  // expected-note@+1 {{buffer allocated here}}
  %empty = bufferization.alloc_tensor() : tensor<16xf32>
  %filled = scf.for %i = %c0 to %c16 step %c1 iter_args(%t = %empty) -> tensor<16xf32> {
    %u = tensor.insert %init into %t[%i] : tensor<16xf32>
    scf.yield %u : tensor<16xf32>
  }
  // expected-note@+1 {{taking the true branch}}
  %picked = scf.if %flag -> tensor<16xf32> {
    // expected-error@+2 {{buffer '%alloc_0' is leaked on some path [lifetime-leak]}}
    // expected-note@+1 {{buffer allocated here}}
    %other = bufferization.alloc_tensor() : tensor<16xf32>
    %w = tensor.insert %init into %other[%c0] : tensor<16xf32>
    scf.yield %w : tensor<16xf32>
  } else {
    scf.yield %filled : tensor<16xf32>
  }
  // expected-note@+1 {{last reference to the buffer is lost here}}
  %x = tensor.extract %picked[%c0] : tensor<16xf32>
  // expected-note@+1 {{buffer leaks at function exit}}
  return %x : f32
}
