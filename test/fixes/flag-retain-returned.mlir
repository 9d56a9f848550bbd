// A block argument that holds the buffer under an ownership flag, which a
// select forwards to the value the function returns under a condition
// (cfg seed 27114, reduced by a helper). Where the flag strategies freed the
// argument -- on the edge out of a CFG loop's header (@chain: the flags
// along a chain of blocks) or after its last use where the paths join
// (@join: the join's flags; also a CFG loop whose header is its own
// back-edge's target, the shape of 27114) -- the select's result still
// lives, and the function may return it: that dealloc was refused
// (returned after free), and no other candidate freed it on the paths that
// do not return it (the leak was left). The argument is now freed where
// what it was forwarded to dies, before the return, under its flag and
// unless what the return hands out holds it: an i1 computed from the
// selects' conditions (the `retain` of ownership-based deallocation).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: 0 findings left

func.func @chain(%c2: i1, %c3: i1, %c4: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  cf.cond_br %c2, ^bb1, ^bb2(%c1, %arg : index, memref<16xf32>)
^bb1:
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %c4, ^bb2(%c1, %arg : index, memref<16xf32>), ^bb2(%c1, %a : index, memref<16xf32>)
^bb2(%fuel: index, %p: memref<16xf32>):
  %s = arith.select %c2, %p, %arg : memref<16xf32>
  %more = arith.cmpi sgt, %fuel, %c0 : index
  %next = arith.subi %fuel, %c1 : index
  cf.cond_br %more, ^bb4(%next, %p : index, memref<16xf32>), ^bb3
^bb4(%i: index, %q: memref<16xf32>):
  cf.br ^bb2(%i, %q : index, memref<16xf32>)
^bb3:
  %r = arith.select %c3, %s, %arg : memref<16xf32>
  return %r : memref<16xf32>
}

func.func @join(%c: i1, %d: i1, %e: i1, %arg: memref<16xf32>) -> memref<16xf32> {
  cf.cond_br %c, ^bb1, ^bb2(%arg : memref<16xf32>)
^bb1:
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %e, ^bb2(%arg : memref<16xf32>), ^bb2(%a : memref<16xf32>)
^bb2(%p: memref<16xf32>):
  %s = arith.select %c, %p, %arg : memref<16xf32>
  cf.br ^bb3
^bb3:
  %r = arith.select %d, %s, %arg : memref<16xf32>
  return %r : memref<16xf32>
}
// FIXED-LABEL: func.func @chain(
// FIXED:       {{^}}^bb2(%fuel: index, %p: memref<16xf32>, %[[OWN:memlint_own_[0-9]+_bb2_1]]: i1):{{$}}
// FIXED:       {{^}}  cf.cond_br %more, ^bb4(%next, %p, %[[OWN]] : index, memref<16xf32>, i1), ^bb3{{$}}
// FIXED-NEXT:  {{^}}^bb4(%i: index, %q: memref<16xf32>, %{{memlint_own_[0-9]+_bb4_1}}: i1):{{$}}
// FIXED-NEXT:  {{^}}  cf.br ^bb2(%i, %q, %[[OWN]] : index, memref<16xf32>, i1){{$}}
// FIXED-NEXT:  {{^}}^bb3:{{$}}
// FIXED-NEXT:  {{^}}  %r = arith.select %c3, %s, %arg : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  %[[F:memlint_retain_[0-9]+_bb2_1_f]] = arith.constant false{{$}}
// FIXED-NEXT:  {{^}}  %[[KEPT:memlint_retain_[0-9]+_bb2_1_0]] = arith.select %c3, %c2, %[[F]] : i1{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[OWN]] {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %[[KEPT]] {{{$}}
// FIXED-NEXT:  {{^}}    } else {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %p : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  return %r : memref<16xf32>{{$}}
// FIXED-LABEL: func.func @join(
// FIXED:       {{^}}^bb2(%p: memref<16xf32>, %[[JOWN:memlint_own_[0-9]+_0]]: i1):{{$}}
// FIXED:       {{^}}  %r = arith.select %d, %s, %arg : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}  %[[JF:memlint_retain_[0-9]+_0_f]] = arith.constant false{{$}}
// FIXED-NEXT:  {{^}}  %[[JKEPT:memlint_retain_[0-9]+_0_0]] = arith.select %d, %c, %[[JF]] : i1{{$}}
// FIXED-NEXT:  {{^}}  scf.if %[[JOWN]] {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %[[JKEPT]] {{{$}}
// FIXED-NEXT:  {{^}}    } else {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %p : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  return %r : memref<16xf32>{{$}}
