// The parts parse; the verifier rejects the last function.
module {
  func.func @fine() {
    %a = memref.alloc() : memref<16xf32>
    memref.dealloc %a : memref<16xf32>
    return
  }
  func.func @bad() -> i32 {
    %a = memref.alloc() : memref<16xf32>
    memref.dealloc %a : memref<16xf32>
    return
  }
}
