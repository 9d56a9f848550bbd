// Fix-its for lifetime-leak, checked on the fixed file (clang-tidy style):
// comments, blank lines and indentation around the edits survive.
// RUN: cp %s %t.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.mlir 2>&1 | FileCheck %s --check-prefix=MSG
// RUN: grep -v '^// [A-Z-]*:' %t.mlir | FileCheck %s --check-prefix=FIXED
// RUN: mlir-memlint --checks='-*,lifetime-*' %t.mlir
// RUN: mlir-opt %t.mlir -o /dev/null
// A second run changes nothing.
// RUN: cp %t.mlir %t.again.mlir
// RUN: mlir-memlint --checks='-*,lifetime-*' --fix %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir

// MSG: applied 6 fix-its, 0 findings left

// Leaked on every path: freed after its last use.
func.func @every_path(%n: index) -> f32 {
  %c0 = arith.constant 0 : index
  // The scratch buffer.
  %buf = memref.alloc(%n) : memref<?xf32>
  %v = memref.load %buf[%c0] : memref<?xf32>  // last use
  %w = arith.addf %v, %v : f32
  return %w : f32
}
// FIXED-LABEL: func.func @every_path
// FIXED:        // The scratch buffer.
// FIXED-NEXT:   %buf = memref.alloc(%n) : memref<?xf32>
// FIXED-NEXT:   %v = memref.load %buf[%c0] : memref<?xf32>  // last use
// FIXED-NEXT: {{^}}  memref.dealloc %buf : memref<?xf32>{{$}}
// FIXED-NEXT:   %w = arith.addf %v, %v : f32

// Leaked when the branch is not taken: a new else branch frees it.
func.func @one_branch(%c: i1) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  }
  return
}
// FIXED-LABEL: func.func @one_branch
// FIXED:      {{^}}  scf.if %c {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %a : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  } else {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %a : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}

// Leaked in the else branch: freed at its end, indented like its body.
func.func @else_branch(%c: i1, %out: memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  scf.if %c {
    memref.dealloc %a : memref<4xf32>
  } else {
    memref.copy %a, %out : memref<4xf32> to memref<4xf32>
  }
  return
}
// FIXED-LABEL: func.func @else_branch
// FIXED:      {{^}}    memref.copy %a, %out : memref<4xf32> to memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %a : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}

// Leaked at the end of every loop iteration: freed inside the body.
func.func @per_iteration(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() : memref<8xf32>
    memref.store %cst, %t[%c0] : memref<8xf32>
  }
  return
}
// FIXED-LABEL: func.func @per_iteration
// FIXED:      {{^}}    memref.store %cst, %t[%c0] : memref<8xf32>{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %t : memref<8xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}

// Owned only on some paths (an ownership flag travels with it): the
// dealloc is guarded by the flag.
func.func @ownership_flag(%c: i1, %arg: memref<4xf32>) {
  %true = arith.constant true
  %false = arith.constant false
  cf.cond_br %c, ^fresh, ^borrowed
^fresh:
  %a = memref.alloc() : memref<4xf32>
  cf.br ^join(%a, %true : memref<4xf32>, i1)
^borrowed:
  cf.br ^join(%arg, %false : memref<4xf32>, i1)
^join(%m: memref<4xf32>, %owned: i1):
  return
}
// FIXED-LABEL: func.func @ownership_flag
// FIXED:      {{^}}^join(%m: memref<4xf32>, %owned: i1):{{$}}
// FIXED-NEXT: {{^}}  scf.if %owned {{{$}}
// FIXED-NEXT: {{^}}    memref.dealloc %m : memref<4xf32>{{$}}
// FIXED-NEXT: {{^}}  }{{$}}
// FIXED-NEXT: {{^}}  return{{$}}

// gpu.alloc is freed by gpu.dealloc.
func.func @device(%n: index) {
  %d = gpu.alloc(%n) : memref<?xf32, 1>
  return
}
// FIXED-LABEL: func.func @device
// FIXED:      {{^}}  %d = gpu.alloc(%n) : memref<?xf32, 1>{{$}}
// FIXED-NEXT: {{^}}  gpu.dealloc %d : memref<?xf32, 1>{{$}}
