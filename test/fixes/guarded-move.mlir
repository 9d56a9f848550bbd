// A use after free whose dealloc is guarded by an scf.if of its own (an
// ownership flag's, a select's condition): the guard moves after the last
// use with the dealloc, which alone would free without it (gen seed 9102).
// Also a guard in its else branch, moved to the block where the paths of
// the uses join, before a return of a select that may be the buffer (gen
// seed 18034), a guard that frees the buffer through a cast it makes
// (gen seed 20011), and a guard moved after uses in a CFG loop's header, to
// the loop's exit, not into the loop (gen seed 22098).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 5 fix-its, 0 findings left

func.func @guarded(%c: i1, %arg: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %a, %arg : memref<16xf32>
  scf.if %c {
    memref.dealloc %s : memref<16xf32>
  }
  %x = memref.load %s[%c0] : memref<16xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @guarded(
// FIXED:       {{^}}  %s = arith.select %c, %a, %arg : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  %x = memref.load %s[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %s : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  } else {{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  return %x : f32{{$}}

func.func @guarded_else_join(%c: i1, %n: index) -> memref<16xf32> {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %sel = arith.select %c, %a, %b : memref<16xf32>
  scf.if %c {
  } else {
    memref.dealloc %a : memref<16xf32>
  }
  cf.br ^loop(%i0 : index)
^loop(%i: index):
  %more = arith.cmpi slt, %i, %n : index
  %next = arith.addi %i, %i1 : index
  cf.cond_br %more, ^loop(%next : index), ^done
^done:
  memref.store %cst, %a[%i1] : memref<16xf32>
  scf.if %c {
    memref.dealloc %b : memref<16xf32>
  }
  return %sel : memref<16xf32>
}
// FIXED-LABEL: func.func @guarded_else_join(
// FIXED:       ^done:
// FIXED-NEXT:    memref.store %cst, %a[%i1] : memref<16xf32>
// FIXED-NEXT:    scf.if %c {
// FIXED-NEXT:      memref.dealloc %b : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    scf.if %c {
// FIXED-NEXT:    } else {
// FIXED-NEXT:      memref.dealloc %a : memref<16xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %sel : memref<16xf32>

func.func @guarded_cast(%arg: memref<16xf32>) -> f32 {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %false = arith.constant false
  %true = arith.constant true
  %r, %own = scf.for %i = %i0 to %i1 step %i1 iter_args(%it = %arg, %o = %false) -> (memref<16xf32>, i1) {
    %a = memref.alloc() : memref<16xf32>
    scf.if %o {
      memref.dealloc %it : memref<16xf32>
    }
    scf.yield %a, %true : memref<16xf32>, i1
  }
  scf.if %own {
    %cast = memref.cast %r : memref<16xf32> to memref<?xf32>
    memref.dealloc %cast : memref<?xf32>
  }
  %x = memref.load %r[%i1] : memref<16xf32>
  return %x : f32
}
// FIXED-LABEL: func.func @guarded_cast(
// FIXED:         %x = memref.load %r[%i1] : memref<16xf32>
// FIXED-NEXT:    scf.if %own {
// FIXED-NEXT:      %cast = memref.cast %r : memref<16xf32> to memref<?xf32>
// FIXED-NEXT:      memref.dealloc %cast : memref<?xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return %x : f32
func.func @header_reads(%c1: i1, %n: index, %arg: memref<16xf32>) {
  %i0 = arith.constant 0 : index
  %i1 = arith.constant 1 : index
  %true = arith.constant true
  %false = arith.constant false
  %r1, %r2 = scf.if %c1 -> (memref<16xf32>, i1) {
    %a3 = memref.alloc() : memref<16xf32>
    scf.yield %a3, %true : memref<16xf32>, i1
  } else {
    scf.yield %arg, %false : memref<16xf32>, i1
  }
  scf.if %r2 {
    %cast = memref.cast %r1 : memref<16xf32> to memref<?xf32>
    memref.dealloc %cast : memref<?xf32>
  }
  cf.br ^bb1(%i0 : index)
^bb1(%ctr: index):
  %cmp = arith.cmpi slt, %ctr, %n : index
  %x = memref.load %r1[%i1] : memref<16xf32>
  cf.cond_br %cmp, ^bb2, ^bb3
^bb2:
  %next = arith.addi %ctr, %i1 : index
  cf.br ^bb1(%next : index)
^bb3:
  return
}
// FIXED-LABEL: func.func @header_reads(
// FIXED:         } else {
// FIXED-NEXT:      scf.yield %arg, %false : memref<16xf32>, i1
// FIXED-NEXT:    }
// FIXED-NEXT:    cf.br ^bb1(%i0 : index)
// FIXED:       ^bb3:
// FIXED-NEXT:    scf.if %r2 {
// FIXED-NEXT:      %cast = memref.cast %r1 : memref<16xf32> to memref<?xf32>
// FIXED-NEXT:      memref.dealloc %cast : memref<?xf32>
// FIXED-NEXT:    }
// FIXED-NEXT:    return
