// A buffer of a nested region whose last reference is lost outside of it,
// where no name of it is left (docs/fixits.md, "Where its name is gone"):
// freed where the paths of its uses in a region of several blocks join (a
// use in a later block of the scf.execute_region that holds the region op
// allocating it; cfg seed 11118), or at the end of a block that encloses the
// allocation under the guards of the leak (cfg seed 12119: a buffer one
// branch of an scf.if yields and a select may free, whose other buffer leaks
// when the select picks the first; the select's condition guards that one,
// although both of its operands may hold it).
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 3 fix-its, 0 findings left

func.func @used_in_later_block(%arg: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %x = scf.execute_region -> f32 {
    %r = scf.execute_region -> memref<16xf32> {
      %a = memref.alloc() : memref<16xf32>
      scf.yield %a : memref<16xf32>
    }
    cf.br ^bb1
  ^bb1:
    %v = memref.load %r[%c0] : memref<16xf32>
    scf.yield %v : f32
  }
  return %x : f32
}
// FIXED-LABEL: func.func @used_in_later_block(
// FIXED:       {{^}}  ^bb1:{{$}}
// FIXED-NEXT:  {{^}}    %v = memref.load %r[%c0] : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    memref.dealloc %r : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    scf.yield %v : f32{{$}}

func.func @picked_in_region(%c: i1, %d: i1) {
  %b = memref.alloc() : memref<16xf32>
  scf.execute_region {
    %r = scf.if %c -> (memref<16xf32>) {
      %a = memref.alloc() : memref<16xf32>
      scf.yield %a : memref<16xf32>
    } else {
      scf.yield %b : memref<16xf32>
    }
    %s = arith.select %d, %r, %b : memref<16xf32>
    memref.dealloc %s : memref<16xf32>
    scf.yield
  }
  return
}
// FIXED-LABEL: func.func @picked_in_region(
// FIXED:       {{^}}      %a = memref.alloc() : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}      scf.if %d {{{$}}
// FIXED-NEXT:  {{^}}      } else {{{$}}
// FIXED-NEXT:  {{^}}        memref.dealloc %a : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}      }{{$}}
// FIXED-NEXT:  {{^}}      scf.yield %a : memref<16xf32>{{$}}
// FIXED:       {{^}}    memref.dealloc %s : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    scf.yield{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  scf.if %c {{{$}}
// FIXED-NEXT:  {{^}}    scf.if %d {{{$}}
// FIXED-NEXT:  {{^}}      memref.dealloc %b : memref<16xf32>{{$}}
// FIXED-NEXT:  {{^}}    }{{$}}
// FIXED-NEXT:  {{^}}  }{{$}}
// FIXED-NEXT:  {{^}}  return{{$}}
