// A CFG loop whose body block frees the iteration's buffer in one branch of
// an scf.if only, and then hands its name back to the header, which
// allocates the next one; the exit edge drops the last iteration's buffer
// and the header's argument, the iteration before's. Where the scf.if does
// not free it, the buffer goes on under names nobody frees. The witness
// starts at the latest allocation and never shows that branch: a dealloc
// where the exit drops the last buffer alone leaves the leak (on some path,
// with the same witness), and the next round found nothing. Each candidate
// also comes with a dealloc in the regions of the scf.if that do not free
// it (cfg seed 79023, reduced).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 1 fix-it, 0 findings left

func.func @kept(%c: i1, %arg: memref<16xf32>) {
  %one = arith.constant 1 : index
  %zero = arith.constant 0 : index
  cf.br ^header(%one, %arg : index, memref<16xf32>)
^body(%fuel: index, %cur: memref<16xf32>):
  scf.if %c {
    scf.yield
  } else {
    memref.dealloc %cur : memref<16xf32>
    scf.yield
  }
  cf.br ^header(%fuel, %cur : index, memref<16xf32>)
^header(%n: index, %prev: memref<16xf32>):
  %more = arith.cmpi sgt, %n, %zero : index
  %next = arith.subi %n, %one : index
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %more, ^body(%next, %a : index, memref<16xf32>), ^exit(%prev : memref<16xf32>)
^exit(%last: memref<16xf32>):
  return
}
// FIXED-LABEL: func.func @kept(
// FIXED:      ^body(%fuel: index, %cur: memref<16xf32>):
// FIXED-NEXT: {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %cur : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.yield{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %cur : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.yield{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED:      ^exit(%last: memref<16xf32>):
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}
