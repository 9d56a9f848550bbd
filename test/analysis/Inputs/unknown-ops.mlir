// Ops with unknown effects: the buffers handed to them escape (no leak), and
// --stats names the ops.
func.func @f() {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  "test.keep"(%a) : (memref<16xf32>) -> ()
  "test.keep"(%b) : (memref<16xf32>) -> ()
  "test.other"() : () -> ()
  return
}
