// An scf.for body that yields, at the position of an iter_arg, a select of
// that iter_arg and the iteration's own allocation (cfg seed 30100, reduced
// by a helper): where the select keeps the iter_arg, the new buffer dies at
// the select; where it takes the new buffer, what the iteration held dies
// there. The loop-carried flag cannot free the iter_arg after its last use
// (it goes on through the select to the yield), and each guarded dealloc
// frees one of the two only. What the select does not pass on is freed
// after it, under its condition (docs/fixits.md): with the loop's result
// after the loop when the function does not return it, and under an
// ownership flag carried with the iter_arg when the loop does not own what
// it was given.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied {{[0-9]+}} fix-its, 0 findings left

// The loop's result is returned: the complement alone. It also frees %a,
// in the first iteration, where the select takes the new buffer: the
// dealloc of %a after the loop under %c being false (%a's own fix-it)
// would free it twice and is not applied.
func.func @returned(%c: i1) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%it = %a) -> (memref<16xf32>) {
    %new = memref.alloc() : memref<16xf32>
    %sel = arith.select %c, %it, %new : memref<16xf32>
    scf.yield %sel : memref<16xf32>
  }
  return %r : memref<16xf32>
}
// FIXED-LABEL: func.func @returned(
// FIXED:      {{^}}    %sel = arith.select %c, %it, %new : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if %c {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %new : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    } else {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %it : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    scf.yield %sel : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %r : memref<16xf32>{{$}}

// The loop's result is read after the loop: freed after that read.
func.func @read_after(%c: i1) -> f32 {
  %a = memref.alloc() : memref<16xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%it = %a) -> (memref<16xf32>) {
    %new = memref.alloc() : memref<16xf32>
    %sel = arith.select %c, %it, %new : memref<16xf32>
    scf.yield %sel : memref<16xf32>
  }
  %x = memref.load %r[%c0] : memref<16xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @read_after(
// FIXED:      {{^}}    %sel = arith.select %c, %it, %new : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if %c {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %new : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    } else {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %it : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED:      {{^}}  %x = memref.load %r[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  memref.dealloc %r : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}  return %x : f32{{$}}
// FIXED-NOT:  memref.dealloc %a :

// The loop starts with the caller's memory, which it must not free: the
// iter_arg is freed under a flag that says the loop allocated it.
func.func @caller_memory(%c: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%it = %arg) -> (memref<16xf32>) {
    %new = memref.alloc() : memref<16xf32>
    %sel = arith.select %c, %it, %new : memref<16xf32>
    scf.yield %sel : memref<16xf32>
  }
  return %r : memref<16xf32>
}
// FIXED-LABEL: func.func @caller_memory(
// FIXED-NEXT: {{^}}  [[TRUE:%memlint_picked_true_[0-9]+]] = arith.constant true{{$}}
// FIXED-NEXT: {{^}}  [[FALSE:%memlint_picked_false_[0-9]+]] = arith.constant false{{$}}
// FIXED:      {{^}}  %r, %memlint_picked_owned_{{[0-9]+}} = scf.for %i = %c0 to %c2 step %c1 iter_args(%it = %arg, [[OWN:%memlint_picked_own_[0-9]+]] = [[FALSE]]) -> (memref<16xf32>, i1) {{{$}}
// FIXED:      {{^}}    %sel = arith.select %c, %it, %new : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    scf.if %c {{{$}}
// FIXED-NEXT: {{^}}      memref.dealloc %new : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}    } else {{{$}}
// FIXED-NEXT: {{^}}      scf.if [[OWN]] {{{$}}
// FIXED-NEXT: {{^}}        memref.dealloc %it : memref<16xf32>{{$}}
// FIXED-NEXT: {{^}}      }{{$}}
// FIXED-NEXT: {{^}}    }{{$}}
// FIXED-NEXT: {{^}}    [[NEXT:%memlint_picked_next_[0-9]+]] = arith.select %c, [[OWN]], [[TRUE]] : i1{{$}}
// FIXED-NEXT: {{^}}    scf.yield %sel, [[NEXT]] : memref<16xf32>, i1{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return %r : memref<16xf32>{{$}}
