#!/usr/bin/env python3
"""Generate large, realistic memref MLIR programs for benchmarking mlir-memlint.

The output looks like bufferized / hand-lowered kernels: many `func.func`s, each
with static and dynamic `memref.alloc`s, `memref.subview` / `memref.cast` views,
`memref.load` / `memref.store` / `memref.copy`, `arith` computation, `scf.for`
loops (constant and unknown trip counts, with and without iter_args), `scf.if`
branches (with and without results), `cf.cond_br` / `cf.br` diamonds with
buffers and ownership flags passed as block arguments, `cf` loops, and calls to
small producer / consumer helpers.

Every buffer is freed right after its last use (at the nesting level of its
allocation) or returned, so the program is memory-correct. Some programs are
correct only through path correlation on the function's i1 arguments, in the
style of the output of MLIR's ownership-based deallocation:

    %r = scf.if %c -> memref<?xf32> { alloc ... } else { yield %arg }
    ...
    scf.if %c { memref.dealloc %r }

With --no-deallocs no `memref.dealloc` (and no cf back-edge) is emitted, so the
output is acceptable to `mlir-opt -buffer-deallocation-pipeline`.

Usage: gen_program.py --ops N [--seed S] [--no-deallocs] [-o FILE] [--stats]
                      [--min-func-ops A] [--max-func-ops B] [--disable KINDS]

The generator is deterministic for a given (--ops, --seed): the --no-deallocs
variant has the same functions, loops and branches, minus deallocs and cf loops.
Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from dataclasses import dataclass, field

MAX_DEPTH = 4            # maximum region nesting inside a function body
MIN_FUNC_OPS = 200
MAX_FUNC_OPS = 5000

# Static shapes (dims, element type, memory space); weights favour small 1-D/2-D.
STATIC_SHAPES = [
    ((16,), "f32", 0), ((64,), "f32", 0), ((256,), "f32", 0), ((1024,), "f32", 0),
    ((16, 32), "f32", 0), ((32, 64), "f32", 0), ((8, 8), "f64", 0),
    ((4, 16, 16), "f32", 0), ((128,), "i32", 0), ((64,), "f64", 0),
    ((16, 16), "bf16", 1), ((256,), "f32", 1), ((32, 32), "f16", 0),
]
STATIC_WEIGHTS = [6, 8, 5, 2, 6, 3, 2, 1, 2, 2, 1, 1, 1]
DYN_SHAPES = [((None,), "f32", 0), ((None, 32), "f32", 0), ((None, 16), "f64", 0),
              ((None,), "i32", 0)]
DYN_WEIGHTS = [5, 3, 1, 1]

INDEX_CONSTS = list(range(0, 17)) + [32, 64]
FLOAT_TYPES = ("f16", "bf16", "f32", "f64")


def type_str(shape, elem, space=0, layout=None):
    dims = "x".join("?" if d is None else str(d) for d in shape)
    parts = [f"{dims}x{elem}"]
    if layout:
        parts.append(layout)
    if space:
        parts.append(str(space))
    return "memref<" + ", ".join(parts) + ">"


@dataclass(eq=False)
class Buf:
    name: str
    shape: tuple
    elem: str
    space: int
    remaining: int                 # planned uses left; freed when it reaches 0
    kind: str = "plain"            # plain | alloca | cond | select | flag
    cond: str = ""                 # for cond / select / flag kinds
    neg: str = ""                  # negation of cond (for cond / select)
    parts: tuple = ()              # for select: (x, y) freed on (true, false) path
    region_result: bool = False    # result of an scf.if (see retire_region_results)
    ty: str = ""

    def __post_init__(self):
        self.ty = type_str(self.shape, self.elem, self.space)


@dataclass(eq=False)
class Scope:
    depth: int                     # region nesting depth (0 = function body)
    allow_cf: bool                 # may emit cf.cond_br / cf.br here
    ivs: list                      # visible induction variables: (name, bound)
    live: list = field(default_factory=list)


class FuncGen:
    def __init__(self, g: "ProgramGen", name: str, budget: int, returns: bool):
        self.g = g
        self.rng = g.rng
        self.name = name
        self.budget = budget
        self.returns = returns
        self.lines: list[str] = []
        self.ops = 0
        self.skipped = 0
        self.ctr = 0
        self.blk = 0
        self.scopes: list[Scope] = []
        self.n_allocs = 0
        self.max_depth = 0
        self.max_live = 0
        self.n_conds = self.rng.randint(2, 4)
        self.conds = [f"%arg{2 + i}" for i in range(self.n_conds)]
        self.negs = {}

    # ------------------------------------------------------------------ utils
    def fresh(self, base: str) -> str:
        self.ctr += 1
        return f"%{base}{self.ctr}"

    def emit(self, ind: int, text: str, nops: int = 1):
        self.lines.append("  " * ind + text)
        self.ops += nops

    def skip(self, nops: int):
        """Ops the dealloc-ful variant emits here: counted against the budget
        only, so that both variants make the same random choices."""
        self.ops += nops
        self.skipped += nops

    def c(self, v: int) -> str:
        return f"%c{v}"

    def visible(self):
        for s in reversed(self.scopes):
            for b in s.live:
                if b.remaining > 0:
                    yield b

    def pick(self, pred=None):
        cands = [b for b in self.visible() if pred is None or pred(b)]
        if not cands:
            return None
        # Prefer recently allocated buffers (locality), but reach far back too.
        if len(cands) > 4 and self.rng.random() < 0.6:
            return self.rng.choice(cands[:4])
        return self.rng.choice(cands)

    def use(self, b: Buf):
        b.remaining -= 1

    def cond(self):
        c = self.rng.choice(self.conds)
        if self.rng.random() < 0.25:
            return self.negs[c]
        return c

    def const_of(self, elem: str) -> str:
        return f"%cst_{elem}"

    def indices(self, shape, scope: Scope):
        idx = []
        for d in shape:
            ivs = [n for (n, bnd) in scope.ivs
                   if (d is None and bnd == "n") or (d is not None and isinstance(bnd, int) and bnd <= d)]
            if ivs and self.rng.random() < 0.6:
                idx.append(self.rng.choice(ivs))
            elif d is None:
                idx.append(self.c(0))
            else:
                idx.append(self.c(self.rng.randrange(min(d, 17))))
        return idx

    def arith_op(self, elem):
        if elem in FLOAT_TYPES:
            return self.rng.choice(["arith.addf", "arith.mulf", "arith.subf", "arith.maximumf"])
        return self.rng.choice(["arith.addi", "arith.muli", "arith.subi"])

    # -------------------------------------------------------------- deallocs
    def free(self, ind: int, b: Buf):
        flip = self.rng.random()  # drawn in both modes so --no-deallocs stays in step
        if b.kind == "alloca":
            return
        if self.g.no_deallocs:
            self.skip({"plain": 1, "cond": 3 if flip < 0.5 else 4, "flag": 3, "select": 7}[b.kind])
            return
        if b.kind == "plain":
            self.emit(ind, f"memref.dealloc {b.name} : {b.ty}")
        elif b.kind == "cond":       # allocated only when b.cond holds
            if flip < 0.5:
                self.emit(ind, f"scf.if {b.cond} {{", 2)
                self.emit(ind + 1, f"memref.dealloc {b.name} : {b.ty}")
                self.emit(ind, "}", 0)
            else:
                self.emit(ind, f"scf.if {b.neg} {{", 3)
                self.emit(ind, "} else {", 0)
                self.emit(ind + 1, f"memref.dealloc {b.name} : {b.ty}")
                self.emit(ind, "}", 0)
        elif b.kind == "flag":       # ownership flag carried through a block argument
            self.emit(ind, f"scf.if {b.cond} {{", 2)
            self.emit(ind + 1, f"memref.dealloc {b.name} : {b.ty}")
            self.emit(ind, "}", 0)
        elif b.kind == "select":     # b = select(cond, x, y): free b and the other one
            x, y = b.parts
            c = b.cond
            if flip < 0.4:
                c, x, y = b.neg, y, x
            self.emit(ind, f"scf.if {c} {{", 3)
            self.emit(ind + 1, f"memref.dealloc {b.name} : {b.ty}")
            self.emit(ind + 1, f"memref.dealloc {y} : {b.ty}")
            self.emit(ind, "} else {", 0)
            self.emit(ind + 1, f"memref.dealloc {b.name} : {b.ty}")
            self.emit(ind + 1, f"memref.dealloc {x} : {b.ty}")
            self.emit(ind, "}", 0)

    def free_dead(self, ind: int, scope: Scope):
        keep = []
        for b in scope.live:
            if b.remaining <= 0:
                self.free(ind, b)
            else:
                keep.append(b)
        scope.live = keep

    def flush(self, ind: int, scope: Scope):
        """End of scope: a last use of every buffer still live, then its dealloc."""
        for b in scope.live:
            if b.kind == "alloca":
                continue
            idx = self.indices(b.shape, scope)
            v = self.fresh("v")
            self.emit(ind, f"{v} = memref.load {b.name}[{', '.join(idx)}] : {b.ty}")
            self.free(ind, b)
        scope.live = []

    # ---------------------------------------------------------------- allocs
    def pick_shape(self, allow_dyn=True):
        if allow_dyn and self.rng.random() < 0.3:
            return self.rng.choices(DYN_SHAPES, DYN_WEIGHTS)[0]
        return self.rng.choices(STATIC_SHAPES, STATIC_WEIGHTS)[0]

    def plan_uses(self):
        r = self.rng.random()
        if r < 0.75:
            return 1
        if r < 0.95:
            return self.rng.randint(2, 4)
        return self.rng.randint(6, 24)       # long-lived buffer

    def alloc(self, ind, scope, shape=None, elem=None, space=None, base="alloc"):
        if shape is None:
            shape, elem, space = self.pick_shape()
        name = self.fresh(base)
        ty = type_str(shape, elem, space)
        dyn = ", ".join("%arg1" for d in shape if d is None)
        attr = " {alignment = 64 : i64}" if self.rng.random() < 0.3 else ""
        self.emit(ind, f"{name} = memref.alloc({dyn}){attr} : {ty}")
        self.n_allocs += 1
        # initialise one element
        idx = self.indices(shape, scope)
        self.emit(ind, f"memref.store {self.const_of(elem)}, {name}[{', '.join(idx)}] : {ty}")
        return name

    # ------------------------------------------------------------ statements
    def st_compute(self, ind, scope):
        src = self.pick()
        if src is None:
            return False
        dst = self.pick(lambda b: b.elem == src.elem and b is not src) if self.rng.random() < 0.7 else None
        dst = dst or src
        i1 = self.indices(src.shape, scope)
        v = self.fresh("v")
        self.emit(ind, f"{v} = memref.load {src.name}[{', '.join(i1)}] : {src.ty}")
        w = self.fresh("v")
        self.emit(ind, f"{w} = {self.arith_op(src.elem)} {v}, {self.const_of(src.elem)} : {src.elem}")
        if self.rng.random() < 0.3:
            w2 = self.fresh("v")
            self.emit(ind, f"{w2} = {self.arith_op(src.elem)} {w}, {v} : {src.elem}")
            w = w2
        i2 = self.indices(dst.shape, scope)
        self.emit(ind, f"memref.store {w}, {dst.name}[{', '.join(i2)}] : {dst.ty}")
        self.use(src)
        if dst is not src:
            self.use(dst)
        return True

    def st_subview(self, ind, scope):
        src = self.pick()
        if src is None:
            return False
        shape = src.shape
        # identity layout strides of the source
        strides = []
        acc = 1
        for d in reversed(shape):
            strides.append(acc)
            acc = acc * d if (d is not None and acc is not None) else None
        strides.reverse()
        offs, sizes, static_off, dyn = [], [], 0, False
        for d, st in zip(shape, strides):
            ext = d if d is not None else 4
            s = self.rng.choice([x for x in (1, 2, 4, 8, 16) if x <= ext] + [ext]) if ext > 1 else 1
            if d is None:
                s = min(s, 4)
            o = self.rng.randint(0, min(ext - s, 16))
            if self.rng.random() < 0.3:
                offs.append(self.c(o))
                dyn = True
            else:
                offs.append(str(o))
                static_off += o * st
            sizes.append(str(s))
        off = "?" if dyn else str(static_off)
        layout = f"strided<[{', '.join(str(x) for x in strides)}]" + ("" if off == "0" else f", offset: {off}") + ">"
        sshape = tuple(int(x) for x in sizes)
        sty = type_str(sshape, src.elem, src.space, layout)
        sv = self.fresh("subview")
        ones = ", ".join("1" for _ in shape)
        self.emit(ind, f"{sv} = memref.subview {src.name}[{', '.join(offs)}] [{', '.join(sizes)}] [{ones}] : {src.ty} to {sty}")
        idx = [self.c(self.rng.randrange(min(s, 17))) for s in sshape]
        v = self.fresh("v")
        self.emit(ind, f"{v} = memref.load {sv}[{', '.join(idx)}] : {sty}")
        w = self.fresh("v")
        self.emit(ind, f"{w} = {self.arith_op(src.elem)} {v}, {self.const_of(src.elem)} : {src.elem}")
        idx = [self.c(self.rng.randrange(min(s, 17))) for s in sshape]
        self.emit(ind, f"memref.store {w}, {sv}[{', '.join(idx)}] : {sty}")
        self.use(src)
        return True

    def st_cast(self, ind, scope):
        src = self.pick(lambda b: b.shape[0] is not None and len(b.shape) <= 2)
        if src is None:
            return False
        dshape = (None,) + src.shape[1:]
        dty = type_str(dshape, src.elem, src.space)
        cv = self.fresh("cast")
        self.emit(ind, f"{cv} = memref.cast {src.name} : {src.ty} to {dty}")
        if (dshape == (None,) and src.elem == "f32" and src.space == 0
                and self.g.consumers and self.rng.random() < 0.5):
            fn = self.rng.choice(self.g.consumers)
            r = self.fresh("r")
            self.emit(ind, f"{r} = func.call @{fn}({cv}, %arg1) : (memref<?xf32>, index) -> f32")
        else:
            idx = [self.c(0)] + self.indices(src.shape[1:], scope)
            v = self.fresh("v")
            self.emit(ind, f"{v} = memref.load {cv}[{', '.join(idx)}] : {dty}")
            if self.rng.random() < 0.5:
                d = self.fresh("dim")
                self.emit(ind, f"{d} = memref.dim {cv}, %c0 : {dty}")
        self.use(src)
        return True

    def st_copy(self, ind, scope):
        a = self.pick()
        if a is None:
            return False
        b = self.pick(lambda x: x.ty == a.ty and x is not a)
        if b is None:
            return False
        self.emit(ind, f"memref.copy {a.name}, {b.name} : {a.ty} to {b.ty}")
        self.use(a)
        self.use(b)
        return True

    def st_call_produce(self, ind, scope):
        if not self.g.producers:
            return None
        fn = self.rng.choice(self.g.producers)
        r = self.fresh("buf")
        self.emit(ind, f"{r} = func.call @{fn}(%arg1) : (index) -> memref<?xf32>")
        return Buf(r, (None,), "f32", 0, self.plan_uses())

    def body(self, ind, scope, budget):
        """Generate statements into `scope` until `budget` ops are used."""
        start = self.ops
        self.max_depth = max(self.max_depth, scope.depth)
        self.scopes.append(scope)
        while self.ops - start < budget:
            left = budget - (self.ops - start)
            self.statement(ind, scope, left)
            self.free_dead(ind, scope)
            nlive = sum(1 for _ in self.visible())
            self.max_live = max(self.max_live, nlive)
        self.scopes.pop()

    def sub_budget(self, depth, left):
        cap = (700, 260, 90, 30)[min(depth, 3)]
        hi = max(6, min(left // 2, cap))
        return self.rng.randint(min(6, hi), hi)

    def new_scope(self, parent: Scope, ivs=(), allow_cf=False, nest=True):
        return Scope(parent.depth + (1 if nest else 0), allow_cf, parent.ivs + list(ivs))

    def statement(self, ind, scope, left):
        rng = self.rng
        nlive = sum(1 for _ in self.visible())
        can_nest = scope.depth < MAX_DEPTH and left > 12
        w = {
            "alloc": 80 if nlive < 40 else 6,
            "compute": 22,
            "subview": 8,
            "cast": 5,
            "copy": 3,
            "produce": 2,
            "for_const": 6 if can_nest else 0,
            "for_dyn": 4 if can_nest else 0,
            "for_iter": 3 if can_nest else 0,
            "if": 6 if can_nest else 0,
            "if_yield": 3 if can_nest else 0,
            "cond_alloc": 2 if can_nest else 0,
            "select": 2,
            "pingpong": 1 if can_nest else 0,
            "cf_diamond": 2 if scope.allow_cf and left > 20 else 0,
            "cf_flag": 1 if scope.allow_cf and left > 20 else 0,
            "cf_loop": 1 if scope.allow_cf and left > 20 else 0,
        }
        for k in self.g.disabled:
            w[k] = 0
        kinds = list(w)
        kind = rng.choices(kinds, [w[k] for k in kinds])[0]
        ok = getattr(self, "s_" + kind)(ind, scope, left)
        if ok is False:
            self.s_alloc(ind, scope, left)

    # Each s_* returns False if it could not apply (then an alloc is emitted).
    def s_alloc(self, ind, scope, left):
        shape, elem, space = self.pick_shape()
        name = self.alloc(ind, scope, shape, elem, space)
        scope.live.append(Buf(name, shape, elem, space, self.plan_uses()))

    def s_compute(self, ind, scope, left):
        return self.st_compute(ind, scope)

    def s_subview(self, ind, scope, left):
        return self.st_subview(ind, scope)

    def s_cast(self, ind, scope, left):
        return self.st_cast(ind, scope)

    def s_copy(self, ind, scope, left):
        return self.st_copy(ind, scope)

    def s_produce(self, ind, scope, left):
        b = self.st_call_produce(ind, scope)
        if b is None:
            return False
        scope.live.append(b)

    def s_for_const(self, ind, scope, left):
        trip = self.rng.choice([2, 4, 8, 16, 16, 32])
        iv = self.fresh("i")
        lb = self.c(0) if self.rng.random() < 0.8 else self.c(1)
        self.emit(ind, f"scf.for {iv} = {lb} to {self.c(trip)} step %c1 {{", 2)
        inner = self.new_scope(scope, [(iv, trip)])
        self.body(ind + 1, inner, self.sub_budget(scope.depth, left))
        self.flush(ind + 1, inner)
        self.emit(ind, "}", 0)

    def s_for_dyn(self, ind, scope, left):
        iv = self.fresh("i")
        dynb = self.pick(lambda b: b.shape[0] is None)
        if dynb is not None and self.rng.random() < 0.5:
            ub = self.fresh("dim")
            self.emit(ind, f"{ub} = memref.dim {dynb.name}, %c0 : {dynb.ty}")
            self.use(dynb)
        else:
            ub = "%arg1"
        step = "%c1" if self.rng.random() < 0.8 else "%c4"
        self.emit(ind, f"scf.for {iv} = %c0 to {ub} step {step} {{", 2)
        inner = self.new_scope(scope, [(iv, "n")])
        self.body(ind + 1, inner, self.sub_budget(scope.depth, left))
        self.flush(ind + 1, inner)
        self.emit(ind, "}", 0)

    def s_for_iter(self, ind, scope, left):
        src = self.pick(lambda b: b.elem == "f32")
        if src is None:
            return False
        dynamic = self.rng.random() < 0.4
        trip = 16
        iv, acc, res = self.fresh("i"), self.fresh("acc"), self.fresh("sum")
        ub = "%arg1" if dynamic else self.c(trip)
        self.emit(ind, f"{res} = scf.for {iv} = %c0 to {ub} step %c1 iter_args({acc} = %zero) -> (f32) {{", 1)
        inner = self.new_scope(scope, [(iv, "n" if dynamic else trip)])
        self.body(ind + 1, inner, self.sub_budget(scope.depth, left) // 2)
        idx = self.indices(src.shape, inner)
        v, s = self.fresh("v"), self.fresh("v")
        self.emit(ind + 1, f"{v} = memref.load {src.name}[{', '.join(idx)}] : {src.ty}")
        self.emit(ind + 1, f"{s} = arith.addf {acc}, {v} : f32")
        self.flush(ind + 1, inner)
        self.emit(ind + 1, f"scf.yield {s} : f32")
        self.emit(ind, "}", 0)
        self.use(src)
        dst = self.pick(lambda b: b.elem == "f32")
        if dst is not None:
            idx = self.indices(dst.shape, scope)
            self.emit(ind, f"memref.store {res}, {dst.name}[{', '.join(idx)}] : {dst.ty}")
            self.use(dst)

    def pick_cond(self, scope):
        ivs = list(scope.ivs)
        if ivs and self.rng.random() < 0.15:
            n, b = self.rng.choice(ivs)
            c = self.fresh("cmp")
            rhs = self.c(4) if b != "n" else "%arg1"
            return c, f"{c} = arith.cmpi ult, {n}, {rhs} : index"
        return self.cond(), None

    def s_if(self, ind, scope, left):
        c, pre = self.pick_cond(scope)
        if pre:
            self.emit(ind, pre)
        has_else = self.rng.random() < 0.6
        self.emit(ind, f"scf.if {c} {{", 3 if has_else else 2)
        sb = self.sub_budget(scope.depth, left)
        t = self.new_scope(scope)
        self.body(ind + 1, t, sb if not has_else else max(3, sb // 2))
        self.flush(ind + 1, t)
        if has_else:
            self.emit(ind, "} else {", 0)
            e = self.new_scope(scope)
            self.body(ind + 1, e, max(3, sb // 2))
            self.flush(ind + 1, e)
        self.emit(ind, "}", 0)

    def s_if_yield(self, ind, scope, left):
        shape, elem, space = self.pick_shape()
        ty = type_str(shape, elem, space)
        c = self.cond()
        r = self.fresh("res")
        self.emit(ind, f"{r} = scf.if {c} -> ({ty}) {{", 1)
        sb = max(3, self.sub_budget(scope.depth, left) // 2)
        for part in ("then", "else"):
            if part == "else":
                self.emit(ind, "} else {", 0)
            s = self.new_scope(scope)
            self.body(ind + 1, s, sb)
            self.flush(ind + 1, s)
            a = self.alloc(ind + 1, s, shape, elem, space)
            self.emit(ind + 1, f"scf.yield {a} : {ty}")
        self.emit(ind, "}", 0)
        scope.live.append(Buf(r, shape, elem, space, self.plan_uses(), region_result=True))

    def s_cond_alloc(self, ind, scope, left):
        """Ownership-style: alloc on one path, function argument on the other."""
        i = self.rng.randrange(self.n_conds)
        c, nc = self.conds[i], self.negs[self.conds[i]]
        r = self.fresh("owned")
        ty = "memref<?xf32>"
        self.emit(ind, f"{r} = scf.if {c} -> ({ty}) {{", 1)
        s = self.new_scope(scope)
        self.body(ind + 1, s, max(3, self.sub_budget(scope.depth, left) // 3))
        self.flush(ind + 1, s)
        a = self.alloc(ind + 1, s, (None,), "f32", 0)
        self.emit(ind + 1, f"scf.yield {a} : {ty}")
        self.emit(ind, "} else {", 0)
        self.emit(ind + 1, f"scf.yield %arg0 : {ty}")
        self.emit(ind, "}", 0)
        scope.live.append(Buf(r, (None,), "f32", 0, self.plan_uses(), kind="cond", cond=c, neg=nc,
                              region_result=True))

    def s_select(self, ind, scope, left):
        shape, elem, space = self.pick_shape()
        x = self.alloc(ind, scope, shape, elem, space)
        y = self.alloc(ind, scope, shape, elem, space)
        i = self.rng.randrange(self.n_conds)
        c, nc = self.conds[i], self.negs[self.conds[i]]
        s = self.fresh("sel")
        ty = type_str(shape, elem, space)
        self.emit(ind, f"{s} = arith.select {c}, {x}, {y} : {ty}")
        scope.live.append(Buf(s, shape, elem, space, self.plan_uses(), kind="select",
                              cond=c, neg=nc, parts=(x, y)))

    def s_pingpong(self, ind, scope, left):
        shape, elem, space = ((256,), "f32", 0)
        ty = type_str(shape, elem, space)
        a = self.alloc(ind, scope, shape, elem, space)
        b = self.alloc(ind, scope, shape, elem, space)
        r, iv, x, y = self.fresh("pp"), self.fresh("i"), self.fresh("x"), self.fresh("y")
        self.emit(ind, f"{r}:2 = scf.for {iv} = %c0 to %c8 step %c1 iter_args({x} = {a}, {y} = {b}) -> ({ty}, {ty}) {{")
        v, w = self.fresh("v"), self.fresh("v")
        self.emit(ind + 1, f"{v} = memref.load {x}[{iv}] : {ty}")
        self.emit(ind + 1, f"{w} = arith.mulf {v}, %cst_f32 : f32")
        self.emit(ind + 1, f"memref.store {w}, {y}[{iv}] : {ty}")
        self.emit(ind + 1, f"scf.yield {y}, {x} : {ty}, {ty}")
        self.emit(ind, "}", 0)
        v = self.fresh("v")
        self.emit(ind, f"{v} = memref.load {r}#0[%c0] : {ty}")
        if not self.g.no_deallocs:
            self.emit(ind, f"memref.dealloc {r}#0 : {ty}")
            self.emit(ind, f"memref.dealloc {r}#1 : {ty}")
        else:
            self.skip(2)

    def retire_region_results(self, ind, scope):
        """Give memrefs produced by scf.if results their last use before a cf
        branch. mlir-opt -buffer-deallocation-pipeline (LLVM 22) crashes
        (nondeterministically, in DeallocationState::getMemrefsToRetain) when
        such a value is live across a cf.br: the pass replaces the scf.if by a
        new op with extra ownership results, but its Liveness still holds the
        erased op's results. Done in both modes so the variants stay in step."""
        keep = []
        for b in scope.live:
            if b.region_result:
                v = self.fresh("v")
                idx = self.indices(b.shape, scope)
                self.emit(ind, f"{v} = memref.load {b.name}[{', '.join(idx)}] : {b.ty}")
                self.free(ind, b)
            else:
                keep.append(b)
        scope.live = keep

    def new_block(self):
        self.blk += 1
        return f"^bb{self.blk}"

    def s_cf_diamond(self, ind, scope, left):
        self.retire_region_results(ind, scope)
        shape, elem, space = self.pick_shape()
        ty = type_str(shape, elem, space)
        bt, bf, bj = self.new_block(), self.new_block(), self.new_block()
        m = self.fresh("merged")
        self.emit(ind, f"cf.cond_br {self.cond()}, {bt}, {bf}")
        sb = max(3, self.sub_budget(0, left) // 2)
        for blk in (bt, bf):
            self.emit(ind - 1, f"{blk}:", 0)
            s = self.new_scope(scope, nest=False)
            self.body(ind, s, sb)
            self.flush(ind, s)
            a = self.alloc(ind, s, shape, elem, space)
            self.emit(ind, f"cf.br {bj}({a} : {ty})")
        self.emit(ind - 1, f"{bj}({m}: {ty}):", 0)
        scope.live.append(Buf(m, shape, elem, space, self.plan_uses()))

    def s_cf_flag(self, ind, scope, left):
        self.retire_region_results(ind, scope)
        """Buffer + ownership flag through block arguments (ownership-based dealloc style)."""
        ty = "memref<?xf32>"
        bt, bf, bj = self.new_block(), self.new_block(), self.new_block()
        m, f = self.fresh("merged"), self.fresh("owner")
        self.emit(ind, f"cf.cond_br {self.cond()}, {bt}, {bf}")
        sb = max(3, self.sub_budget(0, left) // 2)
        self.emit(ind - 1, f"{bt}:", 0)
        s = self.new_scope(scope, nest=False)
        self.body(ind, s, sb)
        self.flush(ind, s)
        a = self.alloc(ind, s, (None,), "f32", 0)
        self.emit(ind, f"cf.br {bj}({a}, %true : {ty}, i1)")
        self.emit(ind - 1, f"{bf}:", 0)
        s = self.new_scope(scope, nest=False)
        self.body(ind, s, sb)
        self.flush(ind, s)
        self.emit(ind, f"cf.br {bj}(%arg0, %false : {ty}, i1)")
        self.emit(ind - 1, f"{bj}({m}: {ty}, {f}: i1):", 0)
        scope.live.append(Buf(m, (None,), "f32", 0, self.plan_uses(), kind="flag", cond=f))

    def s_cf_loop(self, ind, scope, left):
        self.retire_region_results(ind, scope)
        if self.g.no_deallocs:
            # -buffer-deallocation-pipeline rejects cf loops: use a structured loop.
            iv = self.fresh("i")
            self.emit(ind, f"scf.for {iv} = %c0 to %arg1 step %c1 {{", 2)
            self.skip(3)
            s = self.new_scope(scope, [(iv, "n")])
            self.body(ind + 1, s, self.sub_budget(0, left))
            self.flush(ind + 1, s)
            self.emit(ind, "}", 0)
            return
        bh, bb, be = self.new_block(), self.new_block(), self.new_block()
        iv, cmp, nx = self.fresh("i"), self.fresh("cmp"), self.fresh("next")
        self.emit(ind, f"cf.br {bh}(%c0 : index)")
        self.emit(ind - 1, f"{bh}({iv}: index):", 0)
        self.emit(ind, f"{cmp} = arith.cmpi slt, {iv}, %arg1 : index")
        self.emit(ind, f"cf.cond_br {cmp}, {bb}, {be}")
        self.emit(ind - 1, f"{bb}:", 0)
        s = self.new_scope(scope, [(iv, "n")])  # a loop counts as nesting
        self.body(ind, s, self.sub_budget(0, left))
        self.flush(ind, s)
        self.emit(ind, f"{nx} = arith.addi {iv}, %c1 : index")
        self.emit(ind, f"cf.br {bh}({nx} : index)")
        self.emit(ind - 1, f"{be}:", 0)

    # --------------------------------------------------------------- function
    def generate(self) -> list[str]:
        rng = self.rng
        args = ["%arg0: memref<?xf32>", "%arg1: index"] + [f"{c}: i1" for c in self.conds]
        rty = " -> memref<64xf32>" if self.returns else ""
        self.emit(0, f"  func.func @{self.name}({', '.join(args)}){rty} {{")
        ind = 2
        for v in INDEX_CONSTS:
            self.emit(ind, f"%c{v} = arith.constant {v} : index")
        self.emit(ind, "%cst_f32 = arith.constant 1.500000e+00 : f32")
        self.emit(ind, "%cst_f64 = arith.constant 2.500000e+00 : f64")
        self.emit(ind, "%cst_f16 = arith.constant 5.000000e-01 : f16")
        self.emit(ind, "%cst_bf16 = arith.constant 1.000000e+00 : bf16")
        self.emit(ind, "%cst_i32 = arith.constant 3 : i32")
        self.emit(ind, "%zero = arith.constant 0.000000e+00 : f32")
        self.emit(ind, "%true = arith.constant true")
        self.emit(ind, "%false = arith.constant false")
        for c in self.conds:
            n = "%not" + c[1:]
            self.negs[c] = n
            self.emit(ind, f"{n} = arith.xori {c}, %true : i1")
        top = Scope(0, True, [])
        if rng.random() < 0.5:  # a stack scratch buffer used throughout
            sc = self.fresh("scratch")
            self.emit(ind, f"{sc} = memref.alloca() : memref<16xf32>")
            top.live.append(Buf(sc, (16,), "f32", 0, 10**9, kind="alloca"))
        self.scopes = []
        self.body(ind, top, max(10, self.budget - self.ops - 6))
        self.flush(ind, top)
        if self.returns:
            ty = "memref<64xf32>"
            r = self.alloc(ind, top, (64,), "f32", 0, base="result")
            v = self.fresh("v")
            self.emit(ind, f"{v} = memref.load %arg0[%c0] : memref<?xf32>")
            self.emit(ind, f"memref.store {v}, {r}[%c1] : {ty}")
            self.emit(ind, f"return {r} : {ty}")
        else:
            self.emit(ind, "return")
        self.emit(0, "  }", 0)
        return self.lines



class ProgramGen:
    def __init__(self, ops: int, seed: int, no_deallocs: bool):
        self.target = ops
        self.rng = random.Random(seed)
        self.no_deallocs = no_deallocs
        self.disabled: set[str] = set()
        self.min_func_ops, self.max_func_ops = MIN_FUNC_OPS, MAX_FUNC_OPS
        self.producers: list[str] = []
        self.consumers: list[str] = []
        self.stats = {"functions": 0, "ops": 0, "allocs": 0, "max_allocs_per_func": 0,
                      "max_func_ops": 0, "min_func_ops": 10**9, "max_depth": 0,
                      "max_live": 0}

    def helpers(self, out, nhelp):
        ops = 0
        for k in range(nhelp):
            p, c = f"produce_{k}", f"consume_{k}"
            self.producers.append(p)
            self.consumers.append(c)
            out.append(f"""  func.func @{p}(%arg0: index) -> memref<?xf32> {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant {k}.000000e+00 : f32
    %alloc = memref.alloc(%arg0) {{alignment = 64 : i64}} : memref<?xf32>
    scf.for %i = %c0 to %arg0 step %c1 {{
      memref.store %cst, %alloc[%i] : memref<?xf32>
    }}
    return %alloc : memref<?xf32>
  }}
  func.func @{c}(%arg0: memref<?xf32>, %arg1: index) -> f32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.000000e+00 : f32
    %sum = scf.for %i = %c0 to %arg1 step %c1 iter_args(%acc = %zero) -> (f32) {{
      %v = memref.load %arg0[%i] : memref<?xf32>
      %s = arith.addf %acc, %v : f32
      scf.yield %s : f32
    }}
    return %sum : f32
  }}""")
            ops += 9 + 9
        return ops

    def generate(self, out_f):
        st = self.stats
        buf = ["// Generated by bench/gen_program.py --ops %d%s" %
               (self.target, " --no-deallocs" if self.no_deallocs else ""), "module {"]
        total = 1  # builtin.module
        nhelp = max(2, min(16, self.target // 20000))
        total += self.helpers(buf, nhelp)
        st["functions"] += 2 * nhelp
        out_f.write("\n".join(buf) + "\n")
        k = 0
        lo, hi = math.log(self.min_func_ops), math.log(self.max_func_ops)
        budget_total = total
        while budget_total < self.target:
            size = int(math.exp(self.rng.uniform(lo, hi)))
            left = self.target - budget_total
            if left - size < self.min_func_ops:
                size = max(left, 60)
            fg = FuncGen(self, f"kernel_{k}", size, self.rng.random() < 0.3)
            lines = fg.generate()
            out_f.write("\n".join(lines) + "\n")
            total += fg.ops - fg.skipped
            budget_total += fg.ops
            k += 1
            st["functions"] += 1
            st["allocs"] += fg.n_allocs
            st["max_allocs_per_func"] = max(st["max_allocs_per_func"], fg.n_allocs)
            st["max_func_ops"] = max(st["max_func_ops"], fg.ops - fg.skipped)
            st["min_func_ops"] = min(st["min_func_ops"], fg.ops - fg.skipped)
            st["max_depth"] = max(st["max_depth"], fg.max_depth)
            st["max_live"] = max(st["max_live"], fg.max_live)
        out_f.write("}\n")
        out_f.write(f"// ops: {total}\n")
        st["ops"] = total
        return st


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops", type=int, required=True, help="approximate number of operations")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-deallocs", action="store_true",
                    help="emit no memref.dealloc and no cf loops (input for -buffer-deallocation-pipeline)")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--stats", action="store_true", help="print statistics to stderr")
    ap.add_argument("--min-func-ops", type=int, default=MIN_FUNC_OPS,
                    help="smallest kernel size in ops (default %(default)s)")
    ap.add_argument("--max-func-ops", type=int, default=MAX_FUNC_OPS,
                    help="largest kernel size in ops (default %(default)s); e.g. 20000 "
                         "gives ~3500 allocations in the biggest functions")
    ap.add_argument("--disable", default="", metavar="KINDS",
                    help="comma-separated statement kinds not to generate (debugging aid), e.g. cf_loop,pingpong")
    a = ap.parse_args(argv)
    if a.ops < 100:
        ap.error("--ops must be at least 100")
    g = ProgramGen(a.ops, a.seed, a.no_deallocs)
    g.disabled = {k for k in a.disable.split(",") if k}
    unknown = sorted(k for k in g.disabled if not hasattr(FuncGen, "s_" + k))
    if unknown:
        ap.error("unknown statement kind(s) for --disable: " + ", ".join(unknown))
    if not 1 <= a.min_func_ops <= a.max_func_ops:
        ap.error("need 1 <= --min-func-ops <= --max-func-ops")
    g.min_func_ops, g.max_func_ops = a.min_func_ops, a.max_func_ops
    if a.output == "-":
        st = g.generate(sys.stdout)
    else:
        with open(a.output, "w", buffering=1 << 20) as f:
            st = g.generate(f)
    if a.stats:
        print(" ".join(f"{k}={v}" for k, v in st.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
