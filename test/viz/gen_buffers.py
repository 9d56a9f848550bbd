#!/usr/bin/env python3
"""Writes one function with N buffers (default 1000) to stdout, for the
viz scalability test: each buffer is allocated, written, read and freed a few
ops later; every 50th is freed on one branch only (a leak on some path)."""
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
lag = 3
out = ["func.func @many_buffers(%cond: i1, %v: f32) {",
       "  %c0 = arith.constant 0 : index"]
def free(j):
    if j % 50 == 7:
        out.append("  scf.if %cond {")
        out.append(f"    memref.dealloc %b{j} : memref<64xf32>")
        out.append("  }")
    else:
        out.append(f"  memref.dealloc %b{j} : memref<64xf32>")
for i in range(n):
    out.append(f"  %b{i} = memref.alloc() : memref<64xf32>")
    out.append(f"  memref.store %v, %b{i}[%c0] : memref<64xf32>")
    if i >= lag:
        out.append(f"  %x{i} = memref.load %b{i - lag}[%c0] : memref<64xf32>")
        free(i - lag)
for j in range(max(0, n - lag), n):
    free(j)
out.append("  return")
out.append("}")
print("\n".join(out))
