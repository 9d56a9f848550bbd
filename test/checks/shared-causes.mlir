// RUN: not mlir-memlint --show-fixes --checks='-*,lifetime-use-after-free,lifetime-double-free' %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=fix-it:
// RUN: not mlir-memlint --checks='-*,lifetime-use-after-free,lifetime-double-free' --sarif - %s 2>/dev/null | FileCheck %s --check-prefix=SARIF
//
// One misplaced dealloc in a loop: a write and a read after free, and a
// double free. Each stays a finding, names the free that causes it and the
// other findings it causes; the cause's fix-it is offered once.
func.func @one_cause(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<4xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %f, %a[%c0] : memref<4xf32>
    %v = memref.load %a[%c0] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
  }
  return
}
// CHECK: :13:5: error: buffer '%a' is written after it was freed on some path [lifetime-use-after-free]
// CHECK: :13:5: note: buffer written after it was freed
// CHECK-NEXT: memref.store
// CHECK-NEXT: ^
// CHECK-NEXT: :15:5: note: caused by the free at 15:5, which also causes 2 other findings
// CHECK: :14:10: note: also caused by the free at 15:5: buffer '%a' is read after it was freed
// CHECK: :15:5: note: also caused by the free at 15:5: buffer '%a' is freed twice
// CHECK: :14:10: error: buffer '%a' is read after it was freed on some path [lifetime-use-after-free]
// CHECK: :15:5: note: caused by the free at 15:5, which also causes 2 other findings
// CHECK: :13:5: note: also caused by the free at 15:5: buffer '%a' is written after it was freed
// CHECK: :15:5: note: also caused by the free at 15:5: buffer '%a' is freed twice
// CHECK: :15:5: error: buffer '%a' is freed twice on some path [lifetime-double-free]
// CHECK: :15:5: note: buffer freed again
// CHECK: :15:5: note: caused by the free at 15:5, which also causes 2 other findings
// CHECK: :13:5: note: also caused by the free at 15:5: buffer '%a' is written after it was freed
// CHECK: :14:10: note: also caused by the free at 15:5: buffer '%a' is read after it was freed
// CHECK: :15:5: note: fix-it: move the dealloc after the loop
// CHECK: 3 errors in 1 file

// In SARIF the links are related locations of each result.
// SARIF: "relatedLocations"
// SARIF: "text": "also caused by the free at 15:5: buffer '%a' is read after it was freed"
