// RUN: memlint-opt -test-memlint-lifetime %s | FileCheck %s

// Recursive functions get summaries, iterated over the call graph.
// CHECK-DAG: summary @release_rec: arg0=frees
// CHECK-DAG: summary @make_rec: arg0=none result0=fresh
// CHECK-DAG: summary @id_rec: arg0=none arg1=none result0=alias-of-arg(0)

func.func private @release_rec(%m: memref<4xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  scf.if %done {
    memref.dealloc %m : memref<4xf32>
  } else {
    %k = arith.subi %n, %c1 : index
    func.call @release_rec(%m, %k) : (memref<4xf32>, index) -> ()
  }
  return
}

func.func private @make_rec(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    scf.yield %a : memref<4xf32>
  } else {
    %k = arith.subi %n, %c1 : index
    %b = func.call @make_rec(%k) : (index) -> memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  return %r : memref<4xf32>
}

func.func private @id_rec(%m: memref<4xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> memref<4xf32> {
    scf.yield %m : memref<4xf32>
  } else {
    %k = arith.subi %n, %c1 : index
    %b = func.call @id_rec(%m, %k) : (memref<4xf32>, index) -> memref<4xf32>
    scf.yield %b : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// The caller frees a buffer the recursive callee already freed.
// CHECK-DAG: double-free at loc({{.*}}summaries.mlir":[[@LINE+5]]:3) on all paths
func.func @caller(%n: index) {
  %a = memref.alloc() : memref<4xf32>
  func.call @release_rec(%a, %n) : (memref<4xf32>, index) -> ()
  %b = func.call @make_rec(%n) : (index) -> memref<4xf32>
  memref.dealloc %a : memref<4xf32>
  // The fresh result of @make_rec leaks, reported at the call.
  // CHECK-DAG: leak at loc({{.*}}summaries.mlir":[[@LINE-3]]:8) on all paths
  return
}
