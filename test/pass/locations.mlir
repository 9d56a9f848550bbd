// The pass reports each finding at its op's own location: after inlining, a
// call-site location (printed with a "called from" note); an op with an
// unknown location is reported at the module.
// RUN: mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(inline,memlint)' --split-input-file --verify-diagnostics %s

// The call site is part of the location: printed, it adds a "called from"
// note (which -verify-diagnostics does not see). This run reads a copy whose
// expected-* comments are renamed, so that mlir-opt does not check them.
// RUN: sed -e 's/expected-/annotated-/' %s > %t.mlir
// RUN: not mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(inline,memlint)' --split-input-file %t.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=CALLSITE
// CALLSITE: .mlir:[[# @LINE + 15]]:8: error: buffer '%alloc' is leaked on every path [lifetime-leak]
// CALLSITE-NEXT: %a = memref.alloc() : memref<16xf32>
// CALLSITE: .mlir:[[# @LINE + 19]]:8: note: called from

// A location in another file (e.g. the front end's source, through a fused
// location) is kept as it is.
// RUN: not mlir-opt --load-pass-plugin=%memlint_plugin --pass-pipeline='builtin.module(memlint)' %S/Inputs/foreign-locations.mlir -o /dev/null 2>&1 | FileCheck %s
// CHECK: model.py:42:7: error: buffer '%alloc' is leaked on every path [lifetime-leak]
// CHECK: model.py:42:7: note: buffer allocated here
// CHECK: foreign-locations.mlir:4:3: note: buffer leaks at function exit

func.func private @scratch(%f: f32, %i: index) -> f32 {
  %c0 = arith.constant 0 : index
  // expected-error@+2 {{buffer '%alloc' is leaked on every path [lifetime-leak]}}
  // expected-note@+1 {{buffer allocated here}}
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%c0] : memref<16xf32>
  %v = memref.load %a[%i] : memref<16xf32>
  return %v : f32
}
func.func @caller(%f: f32, %i: index) -> f32 {
  %v = func.call @scratch(%f, %i) : (f32, index) -> f32
  // expected-note@+1 {{buffer leaks at function exit}}
  return %v : f32
}

// -----

// expected-error@+2 {{buffer '%alloc' is leaked on every path [lifetime-leak]}}
// expected-note@+1 {{buffer allocated here}}
module {
  func.func @unknown_location(%f: f32, %i: index) -> f32 {
    %a = memref.alloc() : memref<16xf32> loc(unknown)
    memref.store %f, %a[%i] : memref<16xf32>
    %v = memref.load %a[%i] : memref<16xf32>
    // expected-note@+1 {{buffer leaks at function exit}}
    return %v : f32
  }
}
