// A kernel that builds a weighted copy of the caller's buffer and
// dispatches on %c with a cf.switch on its extension: the default case
// and case 0 share a block that hands the copy to a helper which only
// reads it into the output, and case 1 frees it. The shared block never
// frees the copy: it leaks where %c is false. The fix-it frees it in that
// block after the call (the end of the leaking branch, which several
// cases of the switch share with the same operands).
// EXPECT-VALGRIND: definitely-lost

func.func @accumulate(%src: memref<16xf32>, %dst: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %src[%j] : memref<16xf32>
    %o = memref.load %dst[%j] : memref<16xf32>
    %w = arith.addf %v, %o : f32
    memref.store %w, %dst[%j] : memref<16xf32>
  }
  return
}

func.func @dispatch(%c: i1, %in: memref<16xf32>, %out: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %weight = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    %v = memref.load %in[%j] : memref<16xf32>
    %w = arith.mulf %v, %weight : f32
    memref.store %w, %a[%j] : memref<16xf32>
  }
  %k = arith.extui %c : i1 to i32
  cf.switch %k : i32, [default: ^bb1, 0: ^bb1, 1: ^bb2]
^bb1:
  func.call @accumulate(%a, %out) : (memref<16xf32>, memref<16xf32>) -> ()
  return
^bb2:
  %v = memref.load %a[%c0] : memref<16xf32>
  memref.store %v, %out[%c0] : memref<16xf32>
  memref.dealloc %a : memref<16xf32>
  return
}

func.func @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %true = arith.constant true
  %false = arith.constant false
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %in = memref.alloc() : memref<16xf32>
  %out = memref.alloc() : memref<16xf32>
  scf.for %j = %c0 to %c16 step %c1 {
    memref.store %one, %in[%j] : memref<16xf32>
    memref.store %zero, %out[%j] : memref<16xf32>
  }
  func.call @dispatch(%true, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> ()
  func.call @dispatch(%false, %in, %out) : (i1, memref<16xf32>, memref<16xf32>) -> ()
  memref.dealloc %out : memref<16xf32>
  memref.dealloc %in : memref<16xf32>
  %ok = arith.constant 0 : i32
  return %ok : i32
}
