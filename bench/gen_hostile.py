#!/usr/bin/env python3
"""Generates the small programs that used to blow up the path exploration.

Each shape takes one size parameter N and prints a .mlir file on stdout:

  select-chain N  N buffers merged by a chain of arith.select on N-1 i1
                  arguments, the last select freed: each of the N buffers
                  leaks on some path (N lifetime-leak findings).
  swap-nest N     N nested scf.for with unknown bounds that swap two buffers
                  through iter_args at every level, both freed after the nest:
                  correct code (no finding).
  if-nest N       N nested scf.if on one argument around one load of a buffer
                  freed after the nest: correct code (no finding).
  loop-nest N     N nested 2-trip scf.for around one load: correct code.

Used by bench/scaling_bench.py (how the cost grows with N) and by the lit
tests of test/analysis/hostile-shapes.test.
"""

import argparse
import sys


def indent(level):
    """Indentation of a nesting level, capped: a deep nest stays linear in size."""
    return "  " * min(level, 8)


def select_chain(n):
    args = ", ".join(f"%c{i}: i1" for i in range(1, n))
    out = [f"func.func @select_chain({args}) {{"]
    for i in range(n):
        out.append(f"  %a{i} = memref.alloc() : memref<8xf32>")
    prev = "%a0"
    for i in range(1, n):
        out.append(f"  %s{i} = arith.select %c{i}, {prev}, %a{i} : memref<8xf32>")
        prev = f"%s{i}"
    out.append(f"  memref.dealloc {prev} : memref<8xf32>")
    out.append("  return")
    out.append("}")
    return out


def swap_nest(n):
    out = ["func.func @swap_nest(%lb: index, %ub: index) {",
           "  %c1 = arith.constant 1 : index",
           "  %a = memref.alloc() : memref<8xf32>",
           "  %b = memref.alloc() : memref<8xf32>"]
    p, q = "%a", "%b"
    for level in range(n):
        ind = indent(level + 1)
        out.append(f"{ind}%r{level}:2 = scf.for %i{level} = %lb to %ub step %c1 "
                   f"iter_args(%p{level} = {p}, %q{level} = {q}) "
                   f"-> (memref<8xf32>, memref<8xf32>) {{")
        p, q = f"%q{level}", f"%p{level}"
    ind = indent(n + 1)
    out.append(f"{ind}scf.yield {p}, {q} : memref<8xf32>, memref<8xf32>")
    for level in reversed(range(n)):
        ind = indent(level + 1)
        out.append(f"{ind}}}")
        if level > 0:
            inner_p, inner_q = f"%r{level}#0", f"%r{level}#1"
            out.append(f"{ind}scf.yield {inner_p}, {inner_q} : "
                       "memref<8xf32>, memref<8xf32>")
    out.append("  memref.dealloc %r0#0 : memref<8xf32>")
    out.append("  memref.dealloc %r0#1 : memref<8xf32>")
    out.append("  return")
    out.append("}")
    return out


def if_nest(n):
    out = ["func.func @if_nest(%c: i1) -> f32 {",
           "  %i = arith.constant 0 : index",
           "  %a = memref.alloc() : memref<8xf32>"]
    for level in range(n):
        ind = indent(level + 1)
        out.append(f"{ind}%v{level} = scf.if %c -> (f32) {{")
    ind = indent(n + 1)
    out.append(f"{ind}%x = memref.load %a[%i] : memref<8xf32>")
    out.append(f"{ind}scf.yield %x : f32")
    for level in reversed(range(n)):
        ind = indent(level + 1)
        inner = "%x" if level == n - 1 else f"%v{level + 1}"
        out.append(f"{ind}}} else {{")
        out.append(f"{ind}  %z{level} = memref.load %a[%i] : memref<8xf32>")
        out.append(f"{ind}  scf.yield %z{level} : f32")
        out.append(f"{ind}}}")
        if level > 0:
            out.append(f"{ind}scf.yield %v{level} : f32")
    out.append("  memref.dealloc %a : memref<8xf32>")
    out.append("  return %v0 : f32")
    out.append("}")
    return out


def loop_nest(n):
    out = ["func.func @loop_nest() -> f32 {",
           "  %c0 = arith.constant 0 : index",
           "  %c1 = arith.constant 1 : index",
           "  %c2 = arith.constant 2 : index",
           "  %a = memref.alloc() : memref<8xf32>",
           "  %init = arith.constant 0.0 : f32"]
    acc = "%init"
    for level in range(n):
        ind = indent(level + 1)
        out.append(f"{ind}%r{level} = scf.for %i{level} = %c0 to %c2 step %c1 "
                   f"iter_args(%acc{level} = {acc}) -> (f32) {{")
        acc = f"%acc{level}"
    ind = indent(n + 1)
    out.append(f"{ind}%x = memref.load %a[%c0] : memref<8xf32>")
    out.append(f"{ind}%y = arith.addf {acc}, %x : f32")
    out.append(f"{ind}scf.yield %y : f32")
    for level in reversed(range(n)):
        ind = indent(level + 1)
        out.append(f"{ind}}}")
        if level > 0:
            out.append(f"{ind}scf.yield %r{level} : f32")
    out.append("  memref.dealloc %a : memref<8xf32>")
    out.append("  return %r0 : f32")
    out.append("}")
    return out


SHAPES = {"select-chain": select_chain, "swap-nest": swap_nest,
          "if-nest": if_nest, "loop-nest": loop_nest}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shape", choices=sorted(SHAPES))
    parser.add_argument("n", type=int)
    args = parser.parse_args()
    if args.n < 1 or (args.shape == "select-chain" and args.n < 2):
        parser.error("N is too small for this shape")
    sys.stdout.write("\n".join(SHAPES[args.shape](args.n)) + "\n")


if __name__ == "__main__":
    main()
