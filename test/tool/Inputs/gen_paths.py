"""Prints a function with 2^24 paths.

Default: 24 conditions, each tested twice; the paths differ only in booleans
at every join, so they merge exactly. With --distinct, each condition picks
one of two allocation sites, whose buffers stay live to the end: 2^24
distinct states, which no exact exploration can enumerate.
"""
import sys

n = 24
distinct = "--distinct" in sys.argv
print("func.func @f(" + ", ".join(f"%c{i}: i1" for i in range(n)) + ") {")
print("  %a = memref.alloc() : memref<4xf32>")
if distinct:
    for i in range(n):
        print(f"  %b{i} = scf.if %c{i} -> memref<4xf32> {{")
        print(f"    %t{i} = memref.alloc() : memref<4xf32>")
        print(f"    scf.yield %t{i} : memref<4xf32>")
        print("  } else {")
        print(f"    %u{i} = memref.alloc() : memref<4xf32>")
        print(f"    scf.yield %u{i} : memref<4xf32>")
        print("  }")
    for i in range(n):
        print(f"  memref.dealloc %b{i} : memref<4xf32>")
else:
    for r in range(2):
        for i in range(n):
            print(f"  scf.if %c{i} {{")
            print(f"    %t{i}_{r} = memref.alloc() : memref<4xf32>")
            print(f"    memref.dealloc %t{i}_{r} : memref<4xf32>")
            print("  }")
print("  memref.dealloc %a : memref<4xf32>")
print("  return")
print("}")
