#!/usr/bin/env python3
"""Differential test of mlir-memlint's lifetime checks on random control-flow *shapes*.

`memlint_fuzz.py` builds programs from templates; this generator builds random
graphs instead, so that the tool meets the shapes nobody thought of:

- a random graph of blocks per region with `cf.br`, `cf.cond_br` and `cf.switch`:
  several edges of one terminator to the same block with different operands,
  self-loops, back-edges into the middle of a loop (irreducible loops), critical
  edges, several exits, unreachable blocks;
- random successor operands: buffers, casts, subviews, `i1` flags (ownership
  style: a buffer and a flag passed together), constants;
- `scf.if`, `scf.for`, `scf.while` and `scf.execute_region` (whose body is again
  a random graph of blocks) nested inside blocks;
- calls between generated functions (a call graph without cycles, plus
  recursion bounded by a counter);
- conditions reused, negated (`arith.xori %c, %true`), combined (`andi`/`ori`),
  compared (`cmpi eq/ne` on flags, `cmpi` of a switch selector with a
  constant), turned into switch selectors (`arith.extui`, `arith.select` of
  constants), and `arith.select` chains of buffers.

Loops terminate: every back-edge of a graph is taken only while a counter
(`index` block argument, decremented on the back-edge) is positive, and the
structured loops count to a constant bound.

Ground truth is exact: the interpreter below runs every root function for
every assignment of its `i1` arguments, like `memlint_fuzz.py`'s oracle (same
semantics, see README.md). Programs are first repaired by the oracle (a
dealloc that double-frees or frees invalid memory on some execution is
removed, so is a dealloc that causes a use after free), so many of them are
correct only through the correlation of their branches; the buggy share then
gets one or two mutations (a dealloc deleted, duplicated, moved earlier, a use
after a dealloc).

Standard library only (Python >= 3.8). The last line of a run is
`N passed, M failed`.
"""

import argparse
import collections
import concurrent.futures
import copy
import itertools
import os
import random
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import memlint_fuzz as base  # noqa: E402  (tool driver, comparison, reducer)

LEAK, DFREE, UAF, INVALID = base.RULES

TYPES = {
    "S": "memref<16xf32>",
    "D": "memref<?xf32>",
    "V": "memref<8xf32, strided<[1]>>",
    "i1": "i1",
    "i32": "i32",
    "index": "index",
    "f32": "f32",
}
MEMREFS = ("S", "D", "V")
STYLES = ("cf", "scf", "mixed")

# ===----------------------------------------------------------------------=== #
# IR: functions of regions of blocks of ops
# ===----------------------------------------------------------------------=== #


# An op: kind, results as (name, type) pairs, operand names, regions (here
# lists of Region), attributes, line; the same class as the template
# generator's.
Op = base.Op


class Term:
    """br / cond_br / switch (succs: [(Block, [names])], cases for switch),
    return / yield (opnds), condition (opnds: cond, forwarded...)."""

    def __init__(self, kind, opnds=(), succs=(), cases=()):
        self.kind = kind
        self.opnds = list(opnds)
        self.succs = list(succs)
        self.cases = list(cases)
        self.line = 0


class Block:
    def __init__(self, name, args=()):
        self.name = name
        self.args = list(args)
        self.ops = []
        self.term = None


class Region:
    def __init__(self, blocks=None):
        self.blocks = blocks if blocks is not None else []


class Func:
    def __init__(self, name, args, rtypes):
        self.name = name
        self.args = list(args)
        self.rtypes = list(rtypes)
        self.body = Region()
        self.line = 0


class Module:
    def __init__(self):
        self.funcs = []
        self.header = []

    def func(self, name):
        for f in self.funcs:
            if f.name == name:
                return f
        raise KeyError(name)


def walk_regions(region):
    """Every region nested in `region`, itself first (a worklist, no recursion)."""
    out, work = [], [region]
    while work:
        r = work.pop()
        out.append(r)
        for b in r.blocks:
            for op in b.ops:
                work.extend(reversed(op.regions))
    return out


def walk_ops(f):
    for r in walk_regions(f.body):
        for b in r.blocks:
            for op in b.ops:
                yield b, op


# ===----------------------------------------------------------------------=== #
# Printer
# ===----------------------------------------------------------------------=== #


def render_module(mod):
    out = list(mod.header)

    def emit(ind, text):
        out.append(" " * ind + text)
        return len(out)

    def ty(types, names):
        return ", ".join(TYPES[types[n]] for n in names)

    def dest(b, args, T):
        if not args:
            return b.name
        return "%s(%s : %s)" % (b.name, ", ".join(args), ty(T, args))

    def render_term(t, ind, T):
        k = t.kind
        if k == "return":
            t.line = emit(ind, "return" + (" %s : %s" % (", ".join(t.opnds), ty(T, t.opnds))
                                           if t.opnds else ""))
        elif k == "yield":
            t.line = emit(ind, "scf.yield" + (" %s : %s" % (", ".join(t.opnds), ty(T, t.opnds))
                                              if t.opnds else ""))
        elif k == "condition":
            rest = t.opnds[1:]
            t.line = emit(ind, "scf.condition(%s)%s" % (
                t.opnds[0], (" %s : %s" % (", ".join(rest), ty(T, rest))) if rest else ""))
        elif k == "br":
            (d, a), = t.succs
            t.line = emit(ind, "cf.br %s" % dest(d, a, T))
        elif k == "cond_br":
            (d1, a1), (d2, a2) = t.succs
            t.line = emit(ind, "cf.cond_br %s, %s, %s" % (t.opnds[0], dest(d1, a1, T), dest(d2, a2, T)))
        elif k == "switch":
            parts = ["default: " + dest(t.succs[0][0], t.succs[0][1], T)]
            for v, (d, a) in zip(t.cases, t.succs[1:]):
                parts.append("%d: %s" % (v, dest(d, a, T)))
            t.line = emit(ind, "cf.switch %s : i32, [%s]" % (t.opnds[0], ", ".join(parts)))
        else:
            raise AssertionError(k)

    def render_region(region, ind, T, show_entry_args=False):
        for bi, b in enumerate(region.blocks):
            if bi or show_entry_args:
                if b.args:
                    emit(ind - 2, "%s(%s):" % (b.name, ", ".join(
                        "%s: %s" % (n, TYPES[t]) for n, t in b.args)))
                else:
                    emit(ind - 2, "%s:" % b.name)
            for op in b.ops:
                render_op(op, ind, T)
            render_term(b.term, ind, T)

    def render_op(op, ind, T):
        k = op.kind
        r = ", ".join(n for n, _ in op.res)
        head = (r + " = ") if r else ""
        o = op.opnds
        if k == "const":
            op.line = emit(ind, "%s = arith.constant %s" % (r, op.attrs["text"]))
        elif k in ("alloc", "alloca"):
            op.line = emit(ind, "%s = memref.%s() : %s" % (r, k, TYPES["S"]))
        elif k == "cast":
            op.line = emit(ind, "%s = memref.cast %s : %s to %s" % (
                r, o[0], TYPES[T[o[0]]], TYPES[op.res[0][1]]))
        elif k == "subview":
            op.line = emit(ind, "%s = memref.subview %s[0] [8] [1] : %s to %s" % (
                r, o[0], TYPES[T[o[0]]], TYPES["V"]))
        elif k == "load":
            op.line = emit(ind, "%s = memref.load %s[%s] : %s" % (r, o[0], o[1], TYPES[T[o[0]]]))
        elif k == "store":
            op.line = emit(ind, "memref.store %s, %s[%s] : %s" % (o[0], o[1], o[2], TYPES[T[o[1]]]))
        elif k == "dealloc":
            op.line = emit(ind, "memref.dealloc %s : %s" % (o[0], TYPES[T[o[0]]]))
        elif k == "select":
            op.line = emit(ind, "%s = arith.select %s, %s, %s : %s" % (r, o[0], o[1], o[2], TYPES[T[o[1]]]))
        elif k in ("xori", "andi", "ori"):
            op.line = emit(ind, "%s = arith.%s %s, %s : i1" % (r, k, o[0], o[1]))
        elif k == "cmpi":
            op.line = emit(ind, "%s = arith.cmpi %s, %s, %s : %s" % (
                r, op.attrs["pred"], o[0], o[1], TYPES[T[o[0]]]))
        elif k in ("addi", "subi"):
            op.line = emit(ind, "%s = arith.%s %s, %s : index" % (r, k, o[0], o[1]))
        elif k == "extui":
            op.line = emit(ind, "%s = arith.extui %s : i1 to i32" % (r, o[0]))
        elif k == "call":
            rt = ", ".join(TYPES[t] for _, t in op.res)
            op.line = emit(ind, "%sfunc.call @%s(%s) : (%s) -> %s" % (
                head, op.attrs["callee"], ", ".join(o), ty(T, o),
                rt if len(op.res) == 1 else "(%s)" % rt))
        elif k == "if":
            rts = (" -> (%s)" % ", ".join(TYPES[t] for _, t in op.res)) if op.res else ""
            op.line = emit(ind, "%sscf.if %s%s {" % (head, o[0], rts))
            render_region(op.regions[0], ind + 2, T)
            els = op.regions[1]
            if op.res or els.blocks[0].ops:
                emit(ind, "} else {")
                render_region(els, ind + 2, T)
            emit(ind, "}")
        elif k == "for":
            body = op.regions[0].blocks[0]
            inits = o[3:]
            it = ""
            if inits:
                it = " iter_args(%s) -> (%s)" % (
                    ", ".join("%s = %s" % (a, i) for (a, _), i in zip(body.args[1:], inits)),
                    ", ".join(TYPES[t] for _, t in op.res))
            op.line = emit(ind, "%sscf.for %s = %s to %s step %s%s {" % (
                head, body.args[0][0], o[0], o[1], o[2], it))
            render_region(op.regions[0], ind + 2, T)
            emit(ind, "}")
        elif k == "while":
            before = op.regions[0].blocks[0]
            after = op.regions[1].blocks[0]
            op.line = emit(ind, "%sscf.while (%s) : (%s) -> (%s) {" % (
                head, ", ".join("%s = %s" % (a, i) for (a, _), i in zip(before.args, o)),
                ty(T, o), ", ".join(TYPES[t] for _, t in op.res)))
            render_region(op.regions[0], ind + 2, T)
            emit(ind, "} do {")
            render_region(op.regions[1], ind + 2, T, show_entry_args=True)
            emit(ind, "}")
        elif k == "index_switch":
            rts = (" -> %s" % ", ".join(TYPES[t] for _, t in op.res)) if op.res else ""
            op.line = emit(ind, "%sscf.index_switch %s%s" % (head, o[0], rts))
            for v, region in zip(op.attrs["cases"], op.regions[1:]):
                emit(ind, "case %d {" % v)
                render_region(region, ind + 2, T)
                emit(ind, "}")
            emit(ind, "default {")
            render_region(op.regions[0], ind + 2, T)
            emit(ind, "}")
        elif k == "index_cast":
            op.line = emit(ind, "%s = arith.index_cast %s : i32 to index" % (r, o[0]))
        elif k == "exec":
            rts = (" -> (%s)" % ", ".join(TYPES[t] for _, t in op.res)) if op.res else ""
            op.line = emit(ind, "%sscf.execute_region%s {" % (head, rts))
            render_region(op.regions[0], ind + 2, T)
            emit(ind, "}")
        else:
            raise AssertionError(k)

    for f in mod.funcs:
        T = types_of(f)
        sig = ", ".join("%s: %s" % (n, TYPES[t]) for n, t in f.args)
        rt = (" -> (%s)" % ", ".join(TYPES[t] for t in f.rtypes)) if f.rtypes else ""
        f.line = emit(0, "func.func @%s(%s)%s {" % (f.name, sig, rt))
        render_region(f.body, 2, T)
        emit(0, "}")
    return "\n".join(out) + "\n"


def types_of(f):
    T = dict(f.args)
    for r in walk_regions(f.body):
        for b in r.blocks:
            T.update(b.args)
            for op in b.ops:
                T.update(op.res)
    return T


# ===----------------------------------------------------------------------=== #
# Interpreter (the ground truth)
# ===----------------------------------------------------------------------=== #


class Inst:
    __slots__ = ("kind", "line", "freed_by")

    def __init__(self, kind, line):
        self.kind = kind  # heap | alloca | arg
        self.line = line
        self.freed_by = None


class StepLimit(Exception):
    pass


class Interp:
    """Runs one root function on concrete inputs. Findings are (rule, line);
    `culprits` maps each finding to the ops a repair may remove."""

    def __init__(self, mod, max_steps=100000):
        self.mod = mod
        self.findings = set()
        self.culprits = {}
        self.allocs = []
        self.steps = 0
        self.max_steps = max_steps
        self.depth = 0

    def report(self, rule, line, culprit):
        self.findings.add((rule, line))
        self.culprits.setdefault((rule, line), set()).add(culprit)

    def use(self, ref, op):
        inst = ref[0]
        if inst.freed_by is not None:
            self.report(UAF, op.line, inst.freed_by)

    def run_ops(self, ops, env):
        for op in ops:
            self.steps += 1
            if self.steps > self.max_steps:
                raise StepLimit()
            k = op.kind
            o = op.opnds
            if k == "const":
                env[op.res[0][0]] = op.attrs["value"]
            elif k in ("alloc", "alloca"):
                inst = Inst("heap" if k == "alloc" else "alloca", op.line)
                if k == "alloc":
                    self.allocs.append(inst)
                env[op.res[0][0]] = (inst, False)
            elif k == "cast":
                env[op.res[0][0]] = env[o[0]]
            elif k == "subview":
                env[op.res[0][0]] = (env[o[0]][0], True)
            elif k == "load":
                self.use(env[o[0]], op)
                env[op.res[0][0]] = 0.0
            elif k == "store":
                self.use(env[o[1]], op)
            elif k == "dealloc":
                inst, interior = env[o[0]]
                if interior or inst.kind != "heap":
                    self.report(INVALID, op.line, op)
                elif inst.freed_by is not None:
                    self.report(DFREE, op.line, op)
                else:
                    inst.freed_by = op
            elif k == "select":
                env[op.res[0][0]] = env[o[1]] if env[o[0]] else env[o[2]]
            elif k == "xori":
                env[op.res[0][0]] = env[o[0]] != env[o[1]]
            elif k == "andi":
                env[op.res[0][0]] = env[o[0]] and env[o[1]]
            elif k == "ori":
                env[op.res[0][0]] = env[o[0]] or env[o[1]]
            elif k == "cmpi":
                a, b = env[o[0]], env[o[1]]
                pred = op.attrs["pred"]
                env[op.res[0][0]] = {"eq": a == b, "ne": a != b, "sgt": a > b,
                                     "slt": a < b}[pred]
            elif k == "addi":
                env[op.res[0][0]] = env[o[0]] + env[o[1]]
            elif k == "subi":
                env[op.res[0][0]] = env[o[0]] - env[o[1]]
            elif k == "extui":
                env[op.res[0][0]] = 1 if env[o[0]] else 0
            elif k == "if":
                region = op.regions[0] if env[o[0]] else op.regions[1]
                vals = self.run_region(region, env)
                for (n, _), v in zip(op.res, vals):
                    env[n] = v
            elif k == "for":
                body = op.regions[0]
                lb, ub, st = (env[x] for x in o[:3])
                vals = [env[x] for x in o[3:]]
                for iv in range(lb, ub, st):
                    vals = self.run_region(body, env, [iv] + vals)
                for (n, _), v in zip(op.res, vals):
                    env[n] = v
            elif k == "while":
                vals = [env[x] for x in o]
                while True:
                    out = self.run_region(op.regions[0], env, vals)
                    cond, fwd = out[0], out[1:]
                    if not cond:
                        break
                    vals = self.run_region(op.regions[1], env, fwd)
                for (n, _), v in zip(op.res, fwd):
                    env[n] = v
            elif k == "index_cast":
                env[op.res[0][0]] = env[o[0]]
            elif k == "index_switch":
                region = op.regions[0]
                for v, r in zip(op.attrs["cases"], op.regions[1:]):
                    if env[o[0]] == v:
                        region = r
                vals = self.run_region(region, env)
                for (n, _), v in zip(op.res, vals):
                    env[n] = v
            elif k == "exec":
                vals = self.run_region(op.regions[0], env)
                for (n, _), v in zip(op.res, vals):
                    env[n] = v
            elif k == "call":
                vals = [env[x] for x in o]
                for v in vals:
                    if isinstance(v, tuple):
                        self.use(v, op)
                first = len(self.allocs)
                res = self.run_func(self.mod.func(op.attrs["callee"]), vals)
                # A buffer the callee allocates and returns is the caller's:
                # its leak is reported at the call (as the tool does).
                fresh = {id(i) for i in self.allocs[first:]}
                for v in res:
                    if isinstance(v, tuple) and id(v[0]) in fresh and v[0].freed_by is None:
                        v[0].line = op.line
                for (n, _), v in zip(op.res, res):
                    env[n] = v
            else:
                raise AssertionError(k)

    def run_region(self, region, env, args=()):
        """Runs a region from its entry block; returns the values of the
        terminator that leaves it (return / yield / condition)."""
        b = region.blocks[0]
        for (n, _), v in zip(b.args, args):
            env[n] = v
        while True:
            self.run_ops(b.ops, env)
            t = b.term
            self.steps += 1
            if self.steps > self.max_steps:
                raise StepLimit()
            if t.kind in ("return", "yield", "condition"):
                vals = [env[x] for x in t.opnds]
                if t.kind == "return":
                    for v in vals:
                        if isinstance(v, tuple):
                            self.use(v, t)
                return vals
            if t.kind == "br":
                d, a = t.succs[0]
            elif t.kind == "cond_br":
                d, a = t.succs[0] if env[t.opnds[0]] else t.succs[1]
            else:
                flag = env[t.opnds[0]]
                d, a = t.succs[0]
                for v, succ in zip(t.cases, t.succs[1:]):
                    if v == flag:
                        d, a = succ
                        break
            vals = [env[x] for x in a]
            for (n, _), v in zip(d.args, vals):
                env[n] = v
            b = d

    def run_func(self, f, args):
        self.depth += 1
        if self.depth > 50:
            raise StepLimit()
        env = {}
        try:
            return self.run_region(f.body, env, args)
        finally:
            self.depth -= 1


def called_names(mod):
    """Functions called by another function (a call of itself does not count:
    a function only its own body calls is a root)."""
    return {op.attrs["callee"] for f in mod.funcs for _, op in walk_ops(f)
            if op.kind == "call" and op.attrs["callee"] != f.name}


def ground_truth(mod, with_culprits=False):
    """{(rule, line): (function, all_paths)} over every root (a function no
    other calls), run for every assignment of its i1 arguments."""
    result, culprits = {}, {}
    called = called_names(mod)
    roots = [f for f in mod.funcs if f.name not in called] or list(mod.funcs)
    for f in roots:
        axes = [(False, True) if t == "i1" else (None,) for _, t in f.args]
        counts, runs = {}, 0
        for combo in itertools.product(*axes):
            runs += 1
            args = [(Inst("arg", f.line), False) if t in MEMREFS else v
                    for (_, t), v in zip(f.args, combo)]
            it = Interp(mod)
            rets = it.run_func(f, args)
            returned = {id(v[0]) for v in rets if isinstance(v, tuple)}
            for inst in it.allocs:
                if inst.freed_by is None and id(inst) not in returned:
                    it.report(LEAK, inst.line, None)
            for key in it.findings:
                counts[key] = counts.get(key, 0) + 1
            for key, ops in it.culprits.items():
                culprits.setdefault(key, set()).update(ops)
        for key, c in counts.items():
            prev = result.get(key)
            result[key] = (f.name, c == runs and (prev is None or prev[1]))
    return (result, culprits) if with_culprits else result


# ===----------------------------------------------------------------------=== #
# Generator
# ===----------------------------------------------------------------------=== #


def dominators(blocks, entry):
    """Dominator sets (by block index); unreachable blocks get only themselves."""
    n = len(blocks)
    index = {id(b): i for i, b in enumerate(blocks)}
    succs = [[index[id(d)] for d, _ in (b.term.succs if b.term else [])] for b in blocks]
    reach, work = {entry}, [entry]
    while work:
        i = work.pop()
        for j in succs[i]:
            if j not in reach:
                reach.add(j)
                work.append(j)
    preds = [[] for _ in range(n)]
    for i in reach:
        for j in succs[i]:
            preds[j].append(i)
    dom = {i: set(reach) for i in reach}
    dom[entry] = {entry}
    changed = True
    while changed:
        changed = False
        for i in sorted(reach):
            if i == entry:
                continue
            new = set(reach)
            for p in preds[i]:
                new &= dom[p]
            new |= {i}
            if new != dom[i]:
                dom[i] = new
                changed = True
    for i in range(n):
        dom.setdefault(i, {i})
    return dom, reach


class Gen:
    def __init__(self, rng, style, recursion_ratio=0.0):
        self.recursion_ratio = recursion_ratio
        self.rng = rng
        self.style = style
        self.counter = 0
        self.mod = Module()
        self.callees = []  # (name, arg types, result types, recursive)
        self.consts = {}  # constant name -> (type, value)
        self.conds = []
        self.recursion = None  # (name, arg types, counter) of a recursive body

    def fresh(self, prefix):
        self.counter += 1
        return "%%%s%d" % (prefix, self.counter)

    def label(self):
        self.counter += 1
        return "^bb%d" % self.counter

    def chance(self, p):
        return self.rng.random() < p

    # -- values --------------------------------------------------------------

    def pick(self, scope, types, prefer_recent=0.5):
        cands = [n for n, t in scope if t in types]
        if not cands:
            return None
        if self.chance(prefer_recent):
            return self.rng.choice(cands[-4:])
        return self.rng.choice(cands)

    def const(self, ops, scope, ty, value):
        """A constant of `ty` visible in `scope`, emitted into `ops` if needed."""
        key = (ty, value)
        for n, t in scope:
            if self.consts.get(n) == key:
                return n
        name = self.fresh("cst")
        if ty == "i1":
            text = "%s" % ("true" if value else "false")
        elif ty == "f32":
            text = "0.0 : f32"
        else:
            text = "%d : %s" % (value, ty)
        ops.append(Op("const", [(name, ty)], text=text, value=value))
        scope.append((name, ty))
        self.consts[name] = key
        return name

    def value_of(self, ops, scope, ty):
        """Any value of type `ty` for an operand, creating one if needed."""
        n = self.pick(scope, (ty,))
        if n is not None and not self.chance(0.15):
            return n
        if ty == "i1":
            return self.const(ops, scope, "i1", self.chance(0.5))
        if ty == "S":
            name = self.fresh("a")
            ops.append(Op("alloc", [(name, "S")]))
            scope.append((name, "S"))
            return name
        if ty == "D":
            src = self.value_of(ops, scope, "S")
            name = self.fresh("d")
            ops.append(Op("cast", [(name, "D")], [src]))
            scope.append((name, "D"))
            return name
        if ty == "V":
            src = self.value_of(ops, scope, self.rng.choice(("S", "D")))
            name = self.fresh("v")
            ops.append(Op("subview", [(name, "V")], [src]))
            scope.append((name, "V"))
            return name
        if ty == "i32":
            return self.const(ops, scope, "i32", self.rng.randrange(4))
        if ty == "index":
            return self.const(ops, scope, "index", self.rng.randrange(3))
        raise AssertionError(ty)

    def flag_of(self, ops, scope):
        """An i1 for a branch: mostly the function's conditions, reused."""
        if self.chance(0.6) and self.conds:
            return self.rng.choice(self.conds)
        n = self.pick([x for x in scope if x[0] not in self.consts], ("i1",))
        return n if n is not None else self.rng.choice(self.conds) if self.conds \
            else self.value_of(ops, scope, "i1")

    def arg_types(self, mx):
        pool = ["S", "S", "S", "i1", "i1", "D", "V"]
        types = [self.rng.choice(pool) for _ in range(self.rng.randrange(mx + 1))]
        # ownership style: a buffer with its flag
        if "S" in types and self.chance(0.4):
            types.insert(types.index("S") + 1, "i1")
        return types

    # -- statements ----------------------------------------------------------

    def gen_ops(self, ops, scope, depth, n):
        style = self.style
        weights = {
            "alloc": 3, "alloca": 0.2, "cast": 0.8, "subview": 0.4, "load": 1, "store": 0.6,
            "dealloc": 3.5, "guarded": 1.5, "select": 1.5, "bool": 1.5, "extui": 0.3,
            "if": 1.2 if depth > 0 else 0, "for": 0.6 if depth > 0 else 0,
            "while": 0.4 if depth > 0 else 0, "exec": 0.8 if depth > 0 else 0,
            "index_switch": 0.4 if depth > 0 else 0,
            "call": 0.8 if self.callees or self.recursion else 0,
        }
        if style == "cf":
            for k in ("if", "for", "while"):
                weights[k] *= 0.3
            weights["exec"] *= 1.5
        elif style == "scf":
            weights["exec"] *= 0.3
            weights["if"] *= 2
        kinds = list(weights)
        for _ in range(n):
            k = self.rng.choices(kinds, [weights[x] for x in kinds])[0]
            getattr(self, "op_" + k)(ops, scope, depth)

    def op_alloc(self, ops, scope, depth):
        name = self.fresh("a")
        ops.append(Op("alloc", [(name, "S")]))
        scope.append((name, "S"))

    def op_alloca(self, ops, scope, depth):
        name = self.fresh("s")
        ops.append(Op("alloca", [(name, "S")]))
        scope.append((name, "S"))

    def op_cast(self, ops, scope, depth):
        src = self.pick(scope, ("S", "D"))
        if src is None:
            return
        to = "D" if dict(scope)[src] == "S" else "S"
        name = self.fresh("d" if to == "D" else "m")
        ops.append(Op("cast", [(name, to)], [src]))
        scope.append((name, to))

    def op_subview(self, ops, scope, depth):
        src = self.pick(scope, ("S", "D"))
        if src is None:
            return
        name = self.fresh("v")
        ops.append(Op("subview", [(name, "V")], [src]))
        scope.append((name, "V"))

    def op_load(self, ops, scope, depth):
        m = self.pick(scope, MEMREFS)
        if m is None:
            return
        i = self.const(ops, scope, "index", 0)
        ops.append(Op("load", [(self.fresh("x"), "f32")], [m, i]))

    def op_store(self, ops, scope, depth):
        m = self.pick(scope, MEMREFS)
        if m is None:
            return
        i = self.const(ops, scope, "index", 0)
        v = self.const(ops, scope, "f32", 0)
        ops.append(Op("store", [], [v, m, i]))

    def op_dealloc(self, ops, scope, depth):
        m = self.pick(scope, ("S", "S", "S", "D", "V"), prefer_recent=0.3)
        if m is not None:
            ops.append(Op("dealloc", [], [m]))

    def op_guarded(self, ops, scope, depth):
        m = self.pick(scope, ("S", "D"), prefer_recent=0.3)
        if m is None:
            return
        c = self.flag_of(ops, scope)
        then, els = Region([Block("")]), Region([Block("")])
        then.blocks[0].ops.append(Op("dealloc", [], [m]))
        if self.chance(0.4):
            m2 = self.pick(scope, ("S", "D"))
            els.blocks[0].ops.append(Op("dealloc", [], [m2]))
        then.blocks[0].term = Term("yield")
        els.blocks[0].term = Term("yield")
        ops.append(Op("if", [], [c], [then, els]))

    def op_select(self, ops, scope, depth):
        ty = self.rng.choice(("S", "S", "D"))
        a = self.pick(scope, (ty,))
        b = self.pick(scope, (ty,), prefer_recent=0)
        if a is None or b is None:
            return
        c = self.flag_of(ops, scope)
        name = self.fresh("sel")
        ops.append(Op("select", [(name, ty)], [c, a, b]))
        scope.append((name, ty))

    def op_bool(self, ops, scope, depth):
        name = self.fresh("b")
        k = self.rng.choice(("xori", "xori", "andi", "ori", "cmpi", "select"))
        a = self.flag_of(ops, scope)
        if k == "xori" and self.chance(0.7):
            b = self.const(ops, scope, "i1", True)
        else:
            b = self.flag_of(ops, scope)
        if k == "cmpi":
            ops.append(Op("cmpi", [(name, "i1")], [a, b], pred=self.rng.choice(("eq", "ne"))))
        elif k == "select":
            c = self.flag_of(ops, scope)
            ops.append(Op("select", [(name, "i1")], [c, a, b]))
        else:
            ops.append(Op(k, [(name, "i1")], [a, b]))
        scope.append((name, "i1"))

    def op_extui(self, ops, scope, depth):
        name = self.fresh("k")
        ops.append(Op("extui", [(name, "i32")], [self.flag_of(ops, scope)]))
        scope.append((name, "i32"))

    def results(self, mx=2):
        return [self.rng.choice(("S", "S", "i1", "D")) for _ in range(self.rng.randrange(mx + 1))]

    def sub_block(self, scope, depth, args, yield_types, n=None):
        """A single-block region: its ops see `scope`, its yield has
        `yield_types`."""
        b = Block("", args)
        inner = list(scope) + list(args)
        self.gen_ops(b.ops, inner, depth, self.rng.randrange(1, 4) if n is None else n)
        b.term = Term("yield", [self.value_of(b.ops, inner, t) for t in yield_types])
        return b, inner

    def op_if(self, ops, scope, depth):
        c = self.flag_of(ops, scope)
        rts = self.results()
        then, _ = self.sub_block(scope, depth - 1, [], rts)
        els, _ = self.sub_block(scope, depth - 1, [], rts, n=self.rng.randrange(0, 3))
        res = [(self.fresh("r"), t) for t in rts]
        ops.append(Op("if", res, [c], [Region([then]), Region([els])]))
        scope.extend(res)

    def op_for(self, ops, scope, depth):
        lb = self.const(ops, scope, "index", 0)
        ub = self.const(ops, scope, "index", self.rng.randrange(4))
        st = self.const(ops, scope, "index", 1)
        rts = self.results()
        inits = [self.value_of(ops, scope, t) for t in rts]
        args = [(self.fresh("iv"), "index")] + [(self.fresh("it"), t) for t in rts]
        body, _ = self.sub_block(scope, depth - 1, args, rts)
        res = [(self.fresh("r"), t) for t in rts]
        ops.append(Op("for", res, [lb, ub, st] + inits, [Region([body])]))
        scope.extend(res)

    def op_while(self, ops, scope, depth):
        rts = self.results(1)
        zero = self.const(ops, scope, "index", 0)
        bound = self.const(ops, scope, "index", self.rng.randrange(4))
        one = self.const(ops, scope, "index", 1)
        inits = [zero] + [self.value_of(ops, scope, t) for t in rts]
        bargs = [(self.fresh("w"), "index")] + [(self.fresh("w"), t) for t in rts]
        before = Block("", bargs)
        inner = list(scope) + bargs
        if self.chance(0.4):
            self.gen_ops(before.ops, inner, 0, 1)
        ok = self.fresh("ok")
        before.ops.append(Op("cmpi", [(ok, "i1")], [bargs[0][0], bound], pred="slt"))
        fwd = [bargs[0][0]] + [self.value_of(before.ops, inner, t) for t in rts]
        before.term = Term("condition", [ok] + fwd)
        aargs = [(self.fresh("y"), "index")] + [(self.fresh("y"), t) for t in rts]
        after = Block("^bb0", aargs)
        inner = list(scope) + aargs
        self.gen_ops(after.ops, inner, depth - 1, self.rng.randrange(1, 3))
        nxt = self.fresh("nx")
        after.ops.append(Op("addi", [(nxt, "index")], [aargs[0][0], one]))
        after.term = Term("yield", [nxt] + [self.value_of(after.ops, inner, t) for t in rts])
        res = [(self.fresh("r"), "index")] + [(self.fresh("r"), t) for t in rts]
        ops.append(Op("while", res, inits, [Region([before]), Region([after])]))
        scope.extend(res)

    def selector(self, ops, scope):
        """An i32 selector made from the conditions (or a constant)."""
        sel = self.fresh("k")
        r = self.rng.random()
        if r < 0.5:
            ops.append(Op("extui", [(sel, "i32")], [self.flag_of(ops, scope)]))
        elif r < 0.9:
            k1 = self.const(ops, scope, "i32", self.rng.randrange(3))
            k2 = self.const(ops, scope, "i32", self.rng.randrange(3))
            ops.append(Op("select", [(sel, "i32")], [self.flag_of(ops, scope), k1, k2]))
        else:
            return self.const(ops, scope, "i32", self.rng.randrange(3))
        scope.append((sel, "i32"))
        return sel

    def op_index_switch(self, ops, scope, depth):
        k = self.pick(scope, ("i32",))
        if k is None or self.chance(0.5):
            k = self.selector(ops, scope)
        idx = self.fresh("ix")
        ops.append(Op("index_cast", [(idx, "index")], [k]))
        scope.append((idx, "index"))
        rts = self.results(1)
        cases = sorted(self.rng.sample(range(3), self.rng.randint(1, 2)))
        regions = [Region([self.sub_block(scope, depth - 1, [], rts,
                                          n=self.rng.randrange(0, 3))[0]])
                   for _ in range(len(cases) + 1)]
        res = [(self.fresh("r"), t) for t in rts]
        ops.append(Op("index_switch", res, [idx], regions, cases=cases))
        scope.extend(res)

    def op_exec(self, ops, scope, depth):
        rts = self.results()
        region = self.gen_graph(scope, depth - 1, "yield", rts, [], self.rng.randrange(1, 5))
        res = [(self.fresh("r"), t) for t in rts]
        ops.append(Op("exec", res, [], [region]))
        scope.extend(res)

    def op_call(self, ops, scope, depth):
        if self.recursion and self.chance(0.5):
            # The function calls itself while its counter (first argument)
            # is positive, with the counter decremented.
            name, atypes, fuel = self.recursion
            zero = self.const(ops, scope, "index", 0)
            one = self.const(ops, scope, "index", 1)
            more, dec = self.fresh("more"), self.fresh("fuel")
            ops.append(Op("cmpi", [(more, "i1")], [fuel, zero], pred="sgt"))
            ops.append(Op("subi", [(dec, "index")], [fuel, one]))
            then, els = Block(""), Block("")
            inner = list(scope) + [(dec, "index")]
            args = [dec] + [self.value_of(then.ops, inner, t) for t in atypes[1:]]
            then.ops.append(Op("call", [], args, callee=name))
            then.term, els.term = Term("yield"), Term("yield")
            ops.append(Op("if", [], [more], [Region([then]), Region([els])]))
            return
        if not self.callees:
            return
        name, atypes, rtypes, recursive = self.rng.choice(self.callees)
        args = [self.value_of(ops, scope, t) for t in atypes]
        res = [(self.fresh("r"), t) for t in rtypes]
        ops.append(Op("call", res, args, callee=name))
        scope.extend(res)

    # -- graphs of blocks ----------------------------------------------------

    def gen_graph(self, outer, depth, exit_kind, exit_types, entry_args, nblocks):
        """A region of `nblocks` blocks with a random graph of branches. Its
        exits are `exit_kind` terminators with `exit_types`; back-edges are
        taken while a counter (first block argument) is positive."""
        rng = self.rng
        blocks = [Block(self.label(), entry_args)] + [Block(self.label()) for _ in range(nblocks - 1)]
        back_p = {"cf": 0.3, "scf": 0.1, "mixed": 0.2}[self.style]
        shape = []  # per block: (kind, [target indices])
        for i in range(nblocks):
            later = list(range(i + 1, nblocks))
            if not later:
                shape.append(("exit", []))
                continue
            r = rng.random()
            if i > 0 and r < 0.12:
                shape.append(("exit", []))
            elif i > 0 and r < 0.12 + back_p:
                shape.append(("back", [rng.randint(1, i), rng.choice(later)]))
            elif r < 0.55:
                t = rng.choice(later)
                shape.append(("cond_br", [t, t] if rng.random() < 0.35 else [t, rng.choice(later)]))
            elif r < 0.7:
                k = rng.randint(2, 4)
                shape.append(("switch", [rng.choice(later[:2]) if rng.random() < 0.4 else rng.choice(later)
                                         for _ in range(k)]))
            else:
                shape.append(("br", [rng.choice(later)]))
        has_back = any(k == "back" for k, _ in shape)
        for b in blocks[1:]:
            b.args = ([(self.fresh("fuel"), "index")] if has_back else []) + \
                [(self.fresh("p"), t) for t in self.arg_types(3)]
        # Provisional terminators give the graph, for dominance.
        for b, (kind, targets) in zip(blocks, shape):
            b.term = Term(kind, succs=[(blocks[t], []) for t in targets])
        dom, reach = dominators(blocks, 0)
        order = sorted(range(nblocks), key=lambda i: (len(dom[i]), i))
        scopes = {}
        for i in order:
            b = blocks[i]
            if i == 0:
                scope = list(outer) + list(b.args)
            elif i in reach:
                idom_scope = max((d for d in dom[i] if d != i), key=lambda d: len(dom[d]))
                scope = list(scopes[idom_scope]) + list(b.args)
            else:
                scope = list(b.args)
            kind, targets = shape[i]
            fuel = None
            if has_back:
                if i == 0:
                    fuel = self.const(b.ops, scope, "index", rng.randrange(3))
                else:
                    fuel = b.args[0][0]
            nops = rng.randrange(1, 5) if depth >= 0 else rng.randrange(0, 2)
            self.gen_ops(b.ops, scope, max(depth, 0), nops)
            scopes[i] = scope

            def operands(dest, fuel_value):
                vals = [fuel_value] if has_back else []
                for _, t in dest.args[1 if has_back else 0:]:
                    vals.append(self.value_of(b.ops, scope, t))
                return vals

            if kind == "exit":
                b.term = Term(exit_kind, [self.value_of(b.ops, scope, t) for t in exit_types])
            elif kind == "back":
                zero = self.const(b.ops, scope, "index", 0)
                one = self.const(b.ops, scope, "index", 1)
                ok, dec = self.fresh("more"), self.fresh("fuel")
                b.ops.append(Op("cmpi", [(ok, "i1")], [fuel, zero], pred="sgt"))
                b.ops.append(Op("subi", [(dec, "index")], [fuel, one]))
                scope.extend([(ok, "i1"), (dec, "index")])
                d1, d2 = blocks[targets[0]], blocks[targets[1]]
                b.term = Term("cond_br", [ok], [(d1, operands(d1, dec)), (d2, operands(d2, fuel))])
            elif kind == "cond_br":
                c = self.flag_of(b.ops, scope)
                succs = [(blocks[t], operands(blocks[t], fuel)) for t in targets]
                b.term = Term("cond_br", [c], succs)
            elif kind == "switch":
                sel = self.pick(scope, ("i32",))
                if sel is None or self.chance(0.5):
                    sel = self.selector(b.ops, scope)
                cases = rng.sample(range(3), len(targets) - 1)
                succs = [(blocks[t], operands(blocks[t], fuel)) for t in targets]
                b.term = Term("switch", [sel], succs, cases)
            else:
                d = blocks[targets[0]]
                b.term = Term("br", [], [(d, operands(d, fuel))])
        return Region(blocks)

    # -- functions -----------------------------------------------------------

    def gen_func(self, name, args, rtypes, depth):
        f = Func(name, args, rtypes)
        self.consts = {}
        self.conds = [n for n, t in args if t == "i1"]
        nblocks = {"cf": (2, 7), "scf": (1, 3), "mixed": (1, 6)}[self.style]
        f.body = self.gen_graph([], depth, "return", rtypes, list(args),
                                self.rng.randint(*nblocks))
        return f

    def build(self):
        rng = self.rng
        for ci in range(rng.choice((0, 0, 1, 1, 2))):
            recursive = rng.random() < self.recursion_ratio
            atypes = [rng.choice(("i1", "S", "S", "D")) for _ in range(rng.randint(1, 3))]
            rtypes = [rng.choice(("S", "i1"))] if rng.random() < 0.4 and not recursive else []
            name = "g%d" % ci
            if recursive:
                atypes = ["index"] + atypes
                self.recursion = (name, atypes, "%q0")
            f = self.gen_func(name, [("%%q%d" % i, t) for i, t in enumerate(atypes)],
                              rtypes, 1)
            self.recursion = None
            self.mod.funcs.append(f)
            self.callees.append((name, atypes, rtypes, recursive))
        nconds = rng.randint(1, 6)
        args = [("%%c%d" % i, "i1") for i in range(nconds)] + [("%arg", "S")]
        rtypes = ["S"] if rng.random() < 0.2 else []
        f = self.gen_func("f", args, rtypes, rng.choice((1, 2, 2, 3)))
        self.mod.funcs.append(f)
        # A recursive function is only run from its callers: @f calls each
        # one it does not call yet, first thing.
        called = called_names(self.mod)
        ops, scope = [], list(f.args)
        for name, atypes, _, recursive in self.callees:
            if recursive and name not in called:
                vals = [self.value_of(ops, scope, t) for t in atypes]
                ops.append(Op("call", [], vals, callee=name))
        f.body.blocks[0].ops[:0] = ops
        return self.mod


# ===----------------------------------------------------------------------=== #
# Repair, mutation, programs
# ===----------------------------------------------------------------------=== #


def op_lists(f):
    """Every op list of f (blocks of every region)."""
    return [b.ops for r in walk_regions(f.body) for b in r.blocks]


def remove_ops(mod, victims):
    ids = {id(v) for v in victims}
    for f in mod.funcs:
        for L in op_lists(f):
            L[:] = [op for op in L if id(op) not in ids]


def add_free(mod, rng, line):
    """Inserts a dealloc of the buffer allocated at `line`: later in its own
    block, or before an exit of the function when the alloc is in the entry
    block (it dominates every block there), sometimes under a condition."""
    for f in mod.funcs:
        entry = f.body.blocks[0].ops
        for L in op_lists(f):
            for i, op in enumerate(L):
                if op.kind != "alloc" or op.line != line:
                    continue
                name = op.res[0][0]
                spots = [(L, j) for j in range(i + 1, len(L) + 1)]
                if L is entry:
                    spots += [(b.ops, len(b.ops)) for b in f.body.blocks
                              if b.term.kind == "return"]
                M, j = rng.choice(spots)
                free = Op("dealloc", [], [name])
                conds = [n for n, t in f.args if t == "i1"]
                if conds and rng.random() < 0.3:
                    then, els = Block(""), Block("")
                    then.ops, then.term, els.term = [free], Term("yield"), Term("yield")
                    free = Op("if", [], [rng.choice(conds)], [Region([then]), Region([els])])
                M.insert(j, free)
                return True
    return False


def repair(mod, rng, leak_fixes=6):
    """Removes the deallocs behind double frees, invalid frees and uses after
    free until none is left, and tries a few deallocs for leaked buffers
    (kept only when they cause no other bug)."""
    for _ in range(60):
        render_module(mod)
        truth, culprits = ground_truth(mod, with_culprits=True)
        bad = [k for k in truth if k[0] != LEAK]
        if bad:
            key = rng.choice(sorted(bad))
            victims = [op for op in culprits.get(key, ()) if op is not None]
            if not victims:
                return truth
            remove_ops(mod, victims)
            continue
        leaks = sorted(k for k in truth if k[0] == LEAK)
        if not leaks or leak_fixes <= 0:
            return truth
        leak_fixes -= 1
        add_free(mod, rng, rng.choice(leaks)[1])
    render_module(mod)
    return ground_truth(mod)


def mutate(mod, rng):
    f = rng.choice(mod.funcs)
    lists = op_lists(f)
    deallocs = [(L, i) for L in lists for i, op in enumerate(L) if op.kind == "dealloc"]
    choice = rng.choice(("delete", "duplicate", "earlier", "use"))
    if not deallocs:
        return None
    L, i = rng.choice(deallocs)
    op = L[i]
    if choice == "delete":
        del L[i]
    elif choice == "duplicate":
        L.insert(i + 1, Op("dealloc", [], list(op.opnds)))
    elif choice == "earlier":
        if i == 0:
            return None
        j = rng.randrange(i)
        if any(op.opnds[0] in [n for n, _ in x.res] for x in L[j:i]):
            return None
        del L[i]
        L.insert(j, op)
    else:
        T = types_of(f)
        idx = [n for n, t in T.items() if t == "index" and n in _consts_in(L[:i])]
        if not idx:
            return None
        L.insert(i + 1, Op("load", [("%%uaf%d" % rng.randrange(10 ** 6), "f32")],
                           [op.opnds[0], idx[0]]))
    return choice


def _consts_in(ops):
    return {n for op in ops if op.kind == "const" for n, _ in op.res}


class Program:
    def __init__(self, seed, style, mod, text, truth, mutations):
        self.seed = seed
        self.style = style
        self.mod = mod
        self.text = text
        self.truth = truth
        self.mutations = mutations
        self.path = None


def make_program(seed, buggy_ratio=0.5, style=None, recursion_ratio=0.0):
    rng = random.Random(seed)
    style = style or STYLES[seed % len(STYLES)]
    for _ in range(20):
        mod = Gen(rng, style, recursion_ratio).build()
        mod.header = ["// mlir-memlint cfg fuzz seed %d (%s)" % (seed, style)]
        render_module(mod)
        try:
            truth = repair(mod, rng)
            muts = []
            if rng.random() < buggy_ratio:
                for _ in range(rng.choice((1, 1, 2))):
                    for _ in range(5):
                        m = mutate(mod, rng)
                        if m:
                            muts.append(m)
                            break
            text = render_module(mod)
            truth = ground_truth(mod)
        except StepLimit:
            continue
        return Program(seed, style, mod, text, truth, muts)
    raise RuntimeError("could not generate a program for seed %d" % seed)


# ===----------------------------------------------------------------------=== #
# Reduction
# ===----------------------------------------------------------------------=== #


def used_names(mod):
    used = set()
    for f in mod.funcs:
        for r in walk_regions(f.body):
            for b in r.blocks:
                for op in b.ops:
                    used.update(op.opnds)
                used.update(b.term.opnds)
                for _, a in b.term.succs:
                    used.update(a)
    return used


def reduction_candidates(mod):
    cands = []
    used = used_names(mod)
    called = called_names(mod)
    for fi, f in enumerate(mod.funcs):
        if f.name != mod.funcs[-1].name and f.name not in called:
            cands.append(("drop-func", fi))
        for ri, r in enumerate(walk_regions(f.body)):
            for bi, b in enumerate(r.blocks):
                for oi, op in enumerate(b.ops):
                    if not any(n in used for n, _ in op.res):
                        cands.append(("delete", fi, ri, bi, oi))
                    if op.kind == "if":
                        cands.append(("inline", fi, ri, bi, oi, 0))
                        cands.append(("inline", fi, ri, bi, oi, 1))
                    if op.kind == "select":
                        cands.append(("pick", fi, ri, bi, oi, 1))
                        cands.append(("pick", fi, ri, bi, oi, 2))
                if b.term.kind in ("cond_br", "switch"):
                    for si in range(len(b.term.succs)):
                        cands.append(("uncond", fi, ri, bi, si))
            if len(r.blocks) > 1:
                dom, reach = dominators(r.blocks, 0)
                for bi in range(len(r.blocks)):
                    if bi not in reach:
                        cands.append(("drop-block", fi, ri, bi))
    return cands


def substitute(f, mapping):
    def sub(names):
        return [mapping.get(n, n) for n in names]
    for r in walk_regions(f.body):
        for b in r.blocks:
            for op in b.ops:
                op.opnds = sub(op.opnds)
            b.term.opnds = sub(b.term.opnds)
            b.term.succs = [(d, sub(a)) for d, a in b.term.succs]


def apply_candidate(mod, c):
    kind = c[0]
    if kind == "drop-func":
        del mod.funcs[c[1]]
        return
    f = mod.funcs[c[1]]
    r = walk_regions(f.body)[c[2]]
    if kind == "drop-block":
        gone = r.blocks[c[3]]
        del r.blocks[c[3]]
        for b in r.blocks:
            if any(d is gone for d, _ in b.term.succs):
                raise IndexError("block still used")
        return
    b = r.blocks[c[3]]
    if kind == "uncond":
        b.term = Term("br", [], [b.term.succs[c[4]]])
        return
    op = b.ops[c[4]]
    if kind == "delete":
        del b.ops[c[4]]
    elif kind == "pick":
        substitute(f, {op.res[0][0]: op.opnds[c[5]]})
        del b.ops[c[4]]
    elif kind == "inline":
        blk = op.regions[c[5]].blocks[0]
        substitute(f, {n: y for (n, _), y in zip(op.res, blk.term.opnds)})
        b.ops[c[4]:c[4] + 1] = blk.ops


class Language:
    """What memlint_fuzz.reduce_program needs to shrink these programs."""
    candidates = staticmethod(reduction_candidates)
    apply = staticmethod(apply_candidate)
    render = staticmethod(render_module)
    truth = staticmethod(ground_truth)
    errors = (StepLimit, KeyError, IndexError, ValueError, TypeError)


# ===----------------------------------------------------------------------=== #
# Driver
# ===----------------------------------------------------------------------=== #


def run_tool_batch(tool, paths, timeout):
    """Runs the tool once on several files; returns {path: (found, err)}."""
    import json
    import subprocess
    try:
        p = subprocess.run([tool, "-j", "1", "--json", "-"] + paths, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout * len(paths))
    except subprocess.TimeoutExpired:
        return None
    if p.returncode not in (0, 1):
        return None
    try:
        doc = json.loads(p.stdout.decode())
    except ValueError:
        return None
    by_name = {os.path.basename(x): x for x in paths}
    out = {x: ({}, None) for x in paths}
    for fl in doc.get("files", []):
        path = by_name.get(os.path.basename(fl.get("path", "")))
        if path and fl.get("status") != "ok":
            out[path] = (None, "file status %r: %s" % (fl.get("status"), fl.get("diagnostic")))
    for fd in doc.get("findings", []):
        loc = fd.get("location", {})
        path = by_name.get(os.path.basename(loc.get("file", "")))
        if path is None or fd.get("rule") not in base.RULES or out[path][0] is None:
            continue
        key = (fd["rule"], loc.get("line"))
        found = out[path][0]
        found[key] = found.get(key, False) or fd.get("paths") == "all"
    return out


def check_batch(args, seeds, work_dir):
    """Generates the programs of `seeds`, lints them in one run of the tool
    (each alone when that run fails) and returns (program, found, err)
    for each."""
    progs = []
    for seed in seeds:
        p = make_program(seed, args.buggy_ratio, args.style, args.recursion_ratio)
        p.path = os.path.join(work_dir, "cfg_%d.mlir" % seed)
        with open(p.path, "w") as fh:
            fh.write(p.text)
        progs.append(p)
    results = {}
    if args.verify_with:
        for p in progs:
            ok, err = base.verify(args.verify_with, p.path)
            if not ok:
                results[p.path] = (None, "does not verify: " + err[-1500:])
    todo = [p.path for p in progs if p.path not in results]
    batch = run_tool_batch(args.tool, todo, args.timeout) if todo else {}
    if batch is None:
        batch = {x: base.run_tool(args.tool, x, args.timeout) for x in todo}
    results.update(batch)
    out = []
    for p in progs:
        found, err = results[p.path]
        ok = err is None and set(found) == set(p.truth)
        if ok:
            os.unlink(p.path)
            # Only what the summary needs crosses back to the main process.
            out.append((bool(p.truth), None, None, None))
        else:
            out.append((bool(p.truth), p, found, err))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", help="path to mlir-memlint")
    ap.add_argument("--seeds", default="0:100")
    ap.add_argument("--style", choices=STYLES,
                    help="cf-heavy, scf-heavy or mixed (default: by seed, in turn)")
    ap.add_argument("--buggy-ratio", type=float, default=0.5)
    ap.add_argument("--recursion-ratio", type=float, default=0.0,
                    help="share of callees that call themselves (bounded by a counter)")
    ap.add_argument("--out-dir")
    ap.add_argument("--keep-failures", metavar="DIR")
    ap.add_argument("--reduce", action="store_true",
                    help="shrink each failing program while its first mismatch persists")
    ap.add_argument("--verify-with", metavar="MLIR_OPT")
    ap.add_argument("--dump", action="store_true", help="print the programs and their truth")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2,
                    help="worker processes")
    ap.add_argument("--batch", type=int, default=25,
                    help="programs per run of the tool (default 25)")
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per program")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    seeds = base.parse_seeds(args.seeds)

    if args.dump:
        for s in seeds:
            p = make_program(s, args.buggy_ratio, args.style, args.recursion_ratio)
            sys.stdout.write(base.numbered(p.text) + "\n")
            print("  mutations: %s" % (", ".join(p.mutations) or "none"))
            sys.stdout.write(base.fmt_findings(p.truth))
        return 0
    if not args.tool:
        ap.error("--tool is required (or --dump)")
    import shutil
    tool = shutil.which(args.tool) or args.tool
    args.tool = os.path.abspath(tool) if os.path.exists(tool) else tool

    work_dir = args.out_dir or tempfile.mkdtemp(prefix="memlint-cfg-fuzz-")
    os.makedirs(work_dir, exist_ok=True)
    passed = failed = clean = with_findings = 0
    batches = [seeds[i:i + args.batch] for i in range(0, len(seeds), args.batch)]
    workers = max(1, args.jobs)
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
        # A few batches in flight per worker, results taken in order: the
        # memory stays flat however many seeds there are.
        pending = collections.deque()
        next_batch = 0
        while next_batch < len(batches) or pending:
            while next_batch < len(batches) and len(pending) < 4 * workers:
                pending.append(pool.submit(check_batch, args, batches[next_batch], work_dir))
                next_batch += 1
            for has_findings, p, found, err in pending.popleft().result():
                if has_findings:
                    with_findings += 1
                else:
                    clean += 1
                if p is None:
                    passed += 1
                    continue
                failed += 1
                report_failure(args, p, found, err, work_dir)
    if not args.out_dir:
        shutil.rmtree(work_dir, ignore_errors=True)
    print("programs: %d with findings, %d clean" % (with_findings, clean))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def report_failure(args, p, found, err, work_dir):
    print("FAIL seed %d (%s): %s" % (p.seed, p.style, err or "findings differ"))
    if not args.quiet:
        sys.stdout.write(base.numbered(p.text) + "\n")
        print("  expected:")
        sys.stdout.write(base.fmt_findings(p.truth))
        if found is not None:
            print("  actual:")
            sys.stdout.write(base.fmt_findings(found, truth=False))
            for k in sorted(set(p.truth) - set(found)):
                print("  MISSING %s line %d" % k)
            for k in sorted(set(found) - set(p.truth)):
                print("  UNEXPECTED %s line %d" % k)
    if args.keep_failures:
        os.makedirs(args.keep_failures, exist_ok=True)
        stem = os.path.join(args.keep_failures, "cfg_seed_%d" % p.seed)
        with open(stem + ".mlir", "w") as fh:
            fh.write(p.text)
        if args.reduce and err is None:
            best = base.reduce_program(p, args.tool, args.timeout, args.verify_with,
                                       work_dir, lang=Language)
            if best:
                with open(stem + ".reduced.mlir", "w") as fh:
                    fh.write(best[0])
                print("  reduced: %s.reduced.mlir" % stem)


if __name__ == "__main__":
    sys.exit(main())
