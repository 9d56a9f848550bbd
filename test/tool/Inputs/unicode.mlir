// A leak whose op line holds non-ASCII text: SARIF columns count UTF-16 units.
func.func @f() {
  %a = memref.alloc() {tag = "été 😀"} : memref<4xf32>
  return
}
