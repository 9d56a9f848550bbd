// File metadata after the module: parsed whole.
module {
  func.func @leak() -> tensor<2xi32> {
    %a = memref.alloc() : memref<16xf32>
    %t = arith.constant dense_resource<blob> : tensor<2xi32>
    return %t : tensor<2xi32>
  }
  func.func @ok() {
    return
  }
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000100000002000000"
    }
  }
#-}
