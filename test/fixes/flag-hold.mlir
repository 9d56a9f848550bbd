// Flags that say a join's argument holds the function's own buffer
// (docs/fixits.md): a CFG loop frees the buffer of the previous iteration
// through its block argument, the first time the function's own buffer,
// which is still read after the loop. The flag is true on the edge that
// hands over the buffer; the deallocs of the argument run only when it is
// false, and the buffer is freed once after its last use.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 2 fix-its, 0 findings left

func.func @rotate(%n: index, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  memref.store %one, %a[%c0] : memref<16xf32>
  cf.br ^bb1(%c0, %a : index, memref<16xf32>)
^bb1(%i: index, %cur: memref<16xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %next = memref.alloc() : memref<16xf32>
  memref.copy %cur, %next : memref<16xf32> to memref<16xf32>
  memref.dealloc %cur : memref<16xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^bb1(%i2, %next : index, memref<16xf32>)
^bb3:
  %v = memref.load %a[%c0] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  memref.copy %cur, %out : memref<16xf32> to memref<16xf32>
  memref.dealloc %cur : memref<16xf32>
  return
}
// FIXED-LABEL: func.func @rotate(
// FIXED-NEXT: {{^}}  %memlint_true_[[L:[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  %memlint_false_[[L]] = arith.constant false{{$}}
// FIXED:      {{^}}  cf.br ^bb1(%c0, %a, %memlint_true_[[L]] : index, memref<16xf32>, i1){{$}}
// FIXED-NEXT: {{^}}^bb1(%i: index, %cur: memref<16xf32>, %memlint_holds_[[L]]_1: i1):{{$}}
// FIXED:      {{^}}  memref.copy %cur, %next : memref<16xf32> to memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_holds_[[L]]_1 {{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %cur : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  %i2 = arith.addi %i, %c1 : index{{$}}
// FIXED-NEXT: {{^}}  cf.br ^bb1(%i2, %next, %memlint_false_[[L]] : index, memref<16xf32>, i1){{$}}
// FIXED:      {{^}}  memref.copy %cur, %out : memref<16xf32> to memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_holds_[[L]]_1 {{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %cur : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return{{$}}

// The same when the function returns its own buffer: nothing frees it.
func.func @rotate_returned(%n: index) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc() : memref<16xf32>
  cf.br ^bb1(%c0, %a : index, memref<16xf32>)
^bb1(%i: index, %cur: memref<16xf32>):
  %more = arith.cmpi slt, %i, %n : index
  cf.cond_br %more, ^bb2, ^bb3
^bb2:
  %next = memref.alloc() : memref<16xf32>
  memref.copy %cur, %next : memref<16xf32> to memref<16xf32>
  memref.dealloc %cur : memref<16xf32>
  %i2 = arith.addi %i, %c1 : index
  cf.br ^bb1(%i2, %next : index, memref<16xf32>)
^bb3:
  memref.dealloc %cur : memref<16xf32>
  return %a : memref<16xf32>
}
// FIXED-LABEL: func.func @rotate_returned(
// FIXED:      {{^}}^bb1(%i: index, %cur: memref<16xf32>, %memlint_holds_[[R:[0-9]+]]_1: i1):{{$}}
// FIXED:      {{^}}^bb3:{{$}}
// FIXED-NEXT: {{^}}  scf.if %memlint_holds_[[R]]_1 {{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %cur : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %a : memref<16xf32>{{$}}
