// Two buffers named %s in sibling regions (found by test/fuzz/mutate_fuzz.py:
// plan --csv wrote the id '%s' twice, and --from-csv rejected its own CSV).
func.func @reused(%c: i1) {
  scf.if %c {
    %s = memref.alloc() : memref<64xf32>
    memref.dealloc %s : memref<64xf32>
  } else {
    %s = memref.alloc() : memref<16xf32>
    memref.dealloc %s : memref<16xf32>
  }
  %t = memref.alloc() : memref<8xf32>
  memref.dealloc %t : memref<8xf32>
  return
}
