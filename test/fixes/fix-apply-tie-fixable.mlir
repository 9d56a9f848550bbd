// A round of --fix whose two fix-its clash picks, of two that leave as many
// errors, the one after which every error left has a fix-it. Here the
// leak's dealloc of %a1 and the call freeing %a1 instead of the returned
// %a2 clash (together they free %a1 twice); each alone leaves one error.
// After the dealloc, the use after free of %a2 has no fix left (the call
// has no leaking buffer to free instead); after the retargeted call, the
// leak of %a1 in the else branch has one (gen seed 67037 with %a1 freed
// nowhere; docs/fixits.md). The sizes are dynamic: for a static shape the
// call could also free a new buffer allocated before it.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @g_free(%m: memref<?xf32>) {
  memref.dealloc %m : memref<?xf32>
  return
}
func.func @f(%c: i1, %n: index) -> memref<?xf32> {
  %a1 = memref.alloc(%n) : memref<?xf32>
  %a2 = memref.alloc(%n) : memref<?xf32>
  scf.if %c {
    func.call @g_free(%a2) : (memref<?xf32>) -> ()
  } else {
  }
  return %a2 : memref<?xf32>
}
// FIXED-LABEL: func.func @f(
// FIXED:      {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    func.call @g_free(%a1) : (memref<?xf32>) -> (){{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %a1 : memref<?xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %a2 : memref<?xf32>{{$}}
