// A buffer an earlier round freed on the edge that drops it (a block of its
// own before the branch), whose name that edge still hands to the join: the
// join's ownership flags stay false on that edge, or the flagged free would
// free it twice; the edge that passes it under a select's condition sets
// its flag to the condition (cfg seed 78096).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 7 fix-its, 0 findings left

func.func @g0(%q0: i1, %q1: memref<16xf32>, %q2: i1) {
  %cst16 = arith.constant 1 : index
  %cst19 = arith.constant false
  %a20 = memref.alloc() : memref<16xf32>
  cf.br ^bb6(%cst16, %q1, %cst19, %a20 : index, memref<16xf32>, i1, memref<16xf32>)
^bb2(%fuel7: index):
  return
^bb3(%fuel8: index, %p9: i1):
  %cst22 = arith.constant 0 : index
  %cst23 = arith.constant 1 : index
  %more24 = arith.cmpi sgt, %fuel8, %cst22 : index
  %fuel25 = arith.subi %fuel8, %cst23 : index
  cf.cond_br %more24, ^bb2(%fuel25 : index), ^bb5(%fuel8 : index)
^bb4(%fuel10: index):
  %cst27 = arith.constant 0 : index
  %cst28 = arith.constant 1 : index
  %more29 = arith.cmpi sgt, %fuel10, %cst27 : index
  %fuel30 = arith.subi %fuel10, %cst28 : index
  cf.cond_br %more29, ^bb2(%fuel30 : index), ^bb5(%fuel10 : index)
^bb5(%fuel11: index):
  %b34 = arith.cmpi ne, %q0, %q0 : i1
  %cst35 = arith.constant 0 : index
  %cst36 = arith.constant 1 : index
  %more37 = arith.cmpi sgt, %fuel11, %cst35 : index
  %fuel38 = arith.subi %fuel11, %cst36 : index
  %a39 = memref.alloc() : memref<16xf32>
  %a40 = memref.alloc() : memref<16xf32>
  cf.cond_br %more37, ^bb2(%fuel38 : index), ^bb6(%fuel11, %a39, %b34, %a40 : index, memref<16xf32>, i1, memref<16xf32>)
^bb6(%fuel12: index, %p13: memref<16xf32>, %p14: i1, %p15: memref<16xf32>):
  return
}
func.func @f(%c0: i1, %c1: i1, %c2: i1, %arg: memref<16xf32>) {
  %cst72 = arith.constant 2 : index
  %d73 = memref.cast %arg : memref<16xf32> to memref<?xf32>
  %sel74 = arith.select %c0, %d73, %d73 : memref<?xf32>
  %cst75 = arith.constant false
  cf.cond_br %c1, ^bb57(%cst72, %arg, %cst75, %arg, %arg : index, memref<16xf32>, i1, memref<16xf32>, memref<16xf32>), ^bb54(%cst72, %sel74, %cst75 : index, memref<?xf32>, i1)
^bb54(%fuel58: index, %p59: memref<?xf32>, %p60: i1):
  %a78 = memref.alloc() : memref<16xf32>
  %a79 = memref.alloc() : memref<16xf32>
  %cst80 = arith.constant true
  cf.cond_br %c2, ^bb56(%fuel58, %p59, %arg : index, memref<?xf32>, memref<16xf32>), ^memlint_free_77_1
^memlint_free_77_1:
  memref.dealloc %a78 : memref<16xf32>
  cf.br ^bb57(%fuel58, %a78, %cst80, %a79, %a78 : index, memref<16xf32>, i1, memref<16xf32>, memref<16xf32>)
^bb55(%fuel61: index, %p62: memref<16xf32>, %p63: memref<16xf32>):
  %d76 = memref.cast %p62 : memref<16xf32> to memref<?xf32>
  %a77 = memref.alloc() : memref<16xf32>
  cf.br ^bb56(%fuel61, %d76, %a77 : index, memref<?xf32>, memref<16xf32>)
^bb56(%fuel64: index, %p65: memref<?xf32>, %p66: memref<16xf32>):
  %sel88 = arith.select %c0, %a78, %arg : memref<16xf32>
  %r109, %r110 = scf.execute_region -> (memref<16xf32>, memref<16xf32>) {
    cf.cond_br %c2, ^bb91, ^bb91
  ^bb90(%p93: i1, %p94: i1, %p95: memref<16xf32>):
    cf.br ^bb91
  ^bb91:
    cf.br ^bb92
  ^bb92:
    %cst101 = arith.constant 0 : index
    %cst102 = arith.constant 3 : index
    %cst103 = arith.constant 1 : index
    %a104 = memref.alloc() : memref<16xf32>
    %r108 = scf.for %iv105 = %cst101 to %cst102 step %cst103 iter_args(%it106 = %a104) -> (memref<16xf32>) {
      scf.yield %a104 : memref<16xf32>
    }
    scf.yield %r108, %r108 : memref<16xf32>, memref<16xf32>
  }
  %cst111 = arith.constant 0 : index
  %cst112 = arith.constant 1 : index
  %more113 = arith.cmpi sgt, %fuel64, %cst111 : index
  %fuel114 = arith.subi %fuel64, %cst112 : index
  scf.if %c0 {
  }
  cf.cond_br %more113, ^bb54(%fuel114, %p59, %more113 : index, memref<?xf32>, i1), ^bb57(%fuel64, %r110, %more113, %sel88, %p66 : index, memref<16xf32>, i1, memref<16xf32>, memref<16xf32>)
^bb57(%fuel67: index, %p68: memref<16xf32>, %p69: i1, %p70: memref<16xf32>, %p71: memref<16xf32>):
  %sel81 = arith.select %c1, %p70, %p70 : memref<16xf32>
  %r85 = scf.if %c1 -> (i1) {
    %cst84 = arith.constant true
    scf.yield %cst84 : i1
  } else {
    func.call @g0(%p69, %sel81, %cst75) : (i1, memref<16xf32>, i1) -> ()
    scf.yield %c2 : i1
  }
  %cst87 = arith.constant true
  %b86 = arith.xori %c2, %cst87 : i1
  return
}


// FIXED: ^memlint_free_77_1:
// FIXED-NEXT: memref.dealloc %a78 : memref<16xf32>
// FIXED-NEXT: cf.br ^bb57(%fuel58, %a78, %cst80, %a79, %a78, %memlint_{{false}}_56, %memlint_{{false}}_56, %memlint_{{false}}_56 :
// FIXED: ^bb57(%fuel64, %r110, %more113, %sel88, %p66, %memlint_{{false}}_56, %c0, %memlint_{{false}}_56 :
// FIXED: scf.if %memlint_{{own}}_56_3 {
// FIXED-NEXT: memref.dealloc %p70 : memref<16xf32>
