// Aliases, a named module with attributes, and findings in several parts.
#map = affine_map<(d0) -> (d0 + 1)>
!buf = memref<16xf32>
module @m attributes {test.note = "braces { and // in a string"} {
  func.func @leak(%c: i1) {
    %a = memref.alloc() : !buf
    scf.if %c {
      memref.dealloc %a : !buf
    }
    return
  }

  // A comment between ops.
  func.func private @decl(memref<?xf32>)
  func.func @double_free() {
    %a = memref.alloc() : memref<8xf32>
    memref.dealloc %a : memref<8xf32>
    memref.dealloc %a : memref<8xf32>
    return
  }
  func.func @use_after_free(%i: index) -> f32 {
    %a = memref.alloc() : memref<8xf32>
    %j = affine.apply #map(%i)
    memref.dealloc %a : memref<8xf32>
    %v = memref.load %a[%j] : memref<8xf32>
    return %v : f32
  }
  func.func @late(%n: index) {
    %a = memref.alloc() {note = "}"} : memref<64xf32>
    %b = memref.alloc() : memref<64xf32>
    memref.store %n, %b[%n] : memref<64xf32>
    memref.dealloc %b : memref<64xf32>
    memref.dealloc %a : memref<64xf32>
    return
  }
}
