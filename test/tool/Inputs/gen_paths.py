"""Prints a function whose 24 conditions are each tested twice: 2^24 paths."""
n = 24
print("func.func @f(" + ", ".join(f"%c{i}: i1" for i in range(n)) + ") {")
print("  %a = memref.alloc() : memref<4xf32>")
for r in range(2):
    for i in range(n):
        print(f"  scf.if %c{i} {{")
        print(f"    %t{i}_{r} = memref.alloc() : memref<4xf32>")
        print(f"    memref.dealloc %t{i}_{r} : memref<4xf32>")
        print("  }")
print("  memref.dealloc %a : memref<4xf32>")
print("  return")
print("}")
