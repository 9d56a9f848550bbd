// An alloc whose location names the front end's source file.
func.func @from_frontend() {
  %a = memref.alloc() : memref<16xf32> loc(fused["model.py":42:7, "x"])
  return
}
