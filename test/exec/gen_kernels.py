#!/usr/bin/env python3
"""Random kernels for the proof by execution of `plan --rewrite` (README.md).

Each program is one `@main` over 1-D f32 buffers of random sizes: buffers
are allocated and fully written (from a formula or from live buffers) before
they are read, read by later buffers, by `scf.if` branches on values of the
data and by `scf.for` loops (with scratch buffers of their own, allocated and
freed in the branch or iteration), printed as checksums, and freed at a
random point after their last use. Standard library only; deterministic per
seed.

usage: gen_kernels.py SEED OUT.mlir
"""
import random
import sys


class Kernel:
    def __init__(self, rng):
        self.rng = rng
        self.lines = []
        self.counter = 0
        self.live = []  # (name, size)
        self.dying = []  # (name, size, events left before its dealloc)

    def fresh(self, base):
        self.counter += 1
        return f"%{base}{self.counter}"

    def emit(self, indent, text):
        self.lines.append("  " * indent + text)

    def fill(self, indent, name, size, sources, iteration=None):
        """Writes every element of `name` from a formula and `sources`."""
        j = self.fresh("j")
        self.emit(indent, f"scf.for {j} = %c0 to %c{size} step %c1 {{")
        a, b = self.rng.randint(1, 7), self.rng.randint(0, 12)
        ji = self.fresh("ji")
        self.emit(indent + 1, f"{ji} = arith.index_cast {j} : index to i32")
        m = self.fresh("m")
        self.emit(indent + 1, f"{m} = arith.constant {a} : i32")
        p = self.fresh("p")
        self.emit(indent + 1, f"{p} = arith.muli {ji}, {m} : i32")
        q = self.fresh("q")
        self.emit(indent + 1, f"{q} = arith.constant {b} : i32")
        r = self.fresh("r")
        self.emit(indent + 1, f"{r} = arith.addi {p}, {q} : i32")
        if iteration:
            it = self.fresh("it")
            self.emit(indent + 1, f"{it} = arith.index_cast {iteration} : index to i32")
            r2 = self.fresh("r")
            self.emit(indent + 1, f"{r2} = arith.addi {r}, {it} : i32")
            r = r2
        c13 = self.fresh("k")
        self.emit(indent + 1, f"{c13} = arith.constant 13 : i32")
        mod = self.fresh("mod")
        self.emit(indent + 1, f"{mod} = arith.remsi {r}, {c13} : i32")
        value = self.fresh("v")
        self.emit(indent + 1, f"{value} = arith.sitofp {mod} : i32 to f32")
        for src, src_size in sources:
            k = self.fresh("k")
            self.emit(indent + 1, f"{k} = arith.remui {j}, %c{src_size} : index")
            x = self.fresh("x")
            self.emit(indent + 1, f"{x} = memref.load {src}[{k}] : memref<{src_size}xf32>")
            half = self.fresh("h")
            self.emit(indent + 1, f"{half} = arith.constant 0.5 : f32")
            y = self.fresh("y")
            self.emit(indent + 1, f"{y} = arith.mulf {x}, {half} : f32")
            z = self.fresh("z")
            self.emit(indent + 1, f"{z} = arith.addf {value}, {y} : f32")
            value = z
        self.emit(indent + 1, f"memref.store {value}, {name}[{j}] : memref<{size}xf32>")
        self.emit(indent, "}")

    def accumulate(self, indent, target, target_size, source, source_size):
        j = self.fresh("j")
        self.emit(indent, f"scf.for {j} = %c0 to %c{target_size} step %c1 {{")
        k = self.fresh("k")
        self.emit(indent + 1, f"{k} = arith.remui {j}, %c{source_size} : index")
        x = self.fresh("x")
        self.emit(indent + 1, f"{x} = memref.load {source}[{k}] : memref<{source_size}xf32>")
        y = self.fresh("y")
        self.emit(indent + 1, f"{y} = memref.load {target}[{j}] : memref<{target_size}xf32>")
        z = self.fresh("z")
        self.emit(indent + 1, f"{z} = arith.addf {x}, {y} : f32")
        self.emit(indent + 1, f"memref.store {z}, {target}[{j}] : memref<{target_size}xf32>")
        self.emit(indent, "}")

    def checksum(self, indent, name, size):
        j, acc = self.fresh("j"), self.fresh("acc")
        s = self.fresh("sum")
        self.emit(indent, f"{s} = scf.for {j} = %c0 to %c{size} step %c1 iter_args({acc} = %zero) -> (f32) {{")
        x = self.fresh("x")
        self.emit(indent + 1, f"{x} = memref.load {name}[{j}] : memref<{size}xf32>")
        y = self.fresh("y")
        self.emit(indent + 1, f"{y} = arith.addf {acc}, {x} : f32")
        self.emit(indent + 1, f"scf.yield {y} : f32")
        self.emit(indent, "}")
        self.emit(indent, f"vector.print {s} : f32")

    def sizes(self):
        return self.rng.choice([4, 8, 16, 32, 64])

    def scratch(self, indent, iteration=None):
        """A buffer allocated, written, folded into a live one and freed."""
        size = self.sizes()
        t = self.fresh("t")
        self.emit(indent, f"{t} = memref.alloc() : memref<{size}xf32>")
        sources = self.rng.sample(self.live, min(len(self.live), self.rng.randint(0, 1)))
        self.fill(indent, t, size, sources, iteration)
        target, target_size = self.rng.choice(self.live)
        self.accumulate(indent, target, target_size, t, size)
        self.emit(indent, f"memref.dealloc {t} : memref<{size}xf32>")

    def step(self):
        rng = self.rng
        # Deallocs that were put off.
        for entry in list(self.dying):
            entry[2] -= 1
            if entry[2] <= 0:
                self.emit(1, f"memref.dealloc {entry[0]} : memref<{entry[1]}xf32>")
                self.dying.remove(entry)
        choice = rng.random()
        if not self.live or choice < 0.35:
            size = self.sizes()
            name = self.fresh("b")
            self.emit(1, f"{name} = memref.alloc() : memref<{size}xf32>")
            sources = rng.sample(self.live, min(len(self.live), rng.randint(0, 2)))
            self.fill(1, name, size, sources)
            self.live.append((name, size))
        elif choice < 0.55 and len(self.live) > 1:
            name, size = self.live.pop(rng.randrange(len(self.live)))
            if rng.random() < 0.5:
                self.checksum(1, name, size)
            delay = rng.choice([0, 0, 1, 2, 3])
            if delay == 0:
                self.emit(1, f"memref.dealloc {name} : memref<{size}xf32>")
            else:
                self.dying.append([name, size, delay])
        elif choice < 0.7:
            src, src_size = rng.choice(self.live)
            zero = self.fresh("z")
            self.emit(1, f"{zero} = memref.load {src}[%c0] : memref<{src_size}xf32>")
            bound = self.fresh("bound")
            self.emit(1, f"{bound} = arith.constant {rng.randint(0, 12)}.0 : f32")
            cond = self.fresh("cond")
            self.emit(1, f"{cond} = arith.cmpf ogt, {zero}, {bound} : f32")
            self.emit(1, f"scf.if {cond} {{")
            self.scratch(2)
            if rng.random() < 0.5:
                self.emit(1, "} else {")
                self.scratch(2)
            self.emit(1, "}")
        elif choice < 0.85:
            k = self.fresh("iter")
            self.emit(1, f"scf.for {k} = %c0 to %c3 step %c1 {{")
            self.scratch(2, iteration=k)
            self.emit(1, "}")
        else:
            name, size = rng.choice(self.live)
            self.checksum(1, name, size)

    def program(self):
        events = self.rng.randint(6, 24)
        self.lines.append("func.func @main() {")
        for c in [0, 1, 3, 4, 8, 16, 32, 64]:
            self.emit(1, f"%c{c} = arith.constant {c} : index")
        self.emit(1, "%zero = arith.constant 0.0 : f32")
        for _ in range(events):
            self.step()
        for name, size, _ in self.dying:
            self.emit(1, f"memref.dealloc {name} : memref<{size}xf32>")
        for name, size in self.live:
            self.checksum(1, name, size)
            self.emit(1, f"memref.dealloc {name} : memref<{size}xf32>")
        self.emit(1, "return")
        self.lines.append("}")
        return "\n".join(self.lines) + "\n"


def main():
    seed, out = int(sys.argv[1]), sys.argv[2]
    text = (f"// gen_kernels.py {seed}: a generated kernel (test/exec/README.md)\n"
            "// EXEC-UNPLANNED-BYTES: 0\n" + Kernel(random.Random(seed)).program())
    with open(out, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
