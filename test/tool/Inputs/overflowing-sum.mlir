func.func @f() {
  %i = arith.constant 0 : index
  %a = memref.alloc() : memref<4611686018427387904xi8>
  %b = memref.alloc() : memref<4611686018427387904xi8>
  %c = memref.alloc() : memref<4611686018427387904xi8>
  %xa = memref.load %a[%i] : memref<4611686018427387904xi8>
  %xb = memref.load %b[%i] : memref<4611686018427387904xi8>
  %xc = memref.load %c[%i] : memref<4611686018427387904xi8>
  memref.dealloc %a : memref<4611686018427387904xi8>
  memref.dealloc %b : memref<4611686018427387904xi8>
  memref.dealloc %c : memref<4611686018427387904xi8>
  return
}
