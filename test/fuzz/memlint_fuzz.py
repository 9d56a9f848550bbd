#!/usr/bin/env python3
"""Randomized differential test for mlir-memlint's lifetime checks.

For every seed this script

1. generates a random, valid MLIR program (func/memref/arith/scf/cf only) whose
   control flow depends on a few `i1` arguments and on an `index` argument `%n`
   (used as an unknown loop trip count),
2. computes the exact ground truth for the rules lifetime-leak,
   lifetime-double-free, lifetime-use-after-free and lifetime-invalid-free by
   enumerating every assignment of the i1 arguments (and %n in {0, 1, 2, 3})
   and concretely executing the program on each of them,
3. runs `TOOL --json - FILE` and compares the findings by (rule, primary line).

The generator keeps every program inside a small subset of MLIR that the
interpreter below models exactly; see README.md in this directory.

Standard library only (Python >= 3.8).
"""

import argparse
import concurrent.futures
import itertools
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

RULES = (
    "lifetime-leak",
    "lifetime-double-free",
    "lifetime-use-after-free",
    "lifetime-invalid-free",
)
LEAK, DFREE, UAF, INVALID = RULES

# Short type codes used by the generator.
TYPES = {
    "S": "memref<16xf32>",
    "D": "memref<?xf32>",
    "V": "memref<8xf32, strided<[1]>>",
    "VD": "memref<?xf32, strided<[1]>>",
    "i1": "i1",
    "index": "index",
    "f32": "f32",
}
MEMREF_TYPES = ("S", "D", "V", "VD")
# memref types that can be cast back to a memref<16xf32> / deallocated without
# being an interior view.
OWNING_TYPES = ("S", "D")
TRIP_VALUES = (0, 1, 2, 3)  # values enumerated for %n

# Generator features that can be switched off to silence a known mismatch class.
FEATURES = {"callees": True, "free-args": True, "cf-n-loop": True}
# Triage aid (--assume-deviation): model a known difference between the tool and
# the oracle's semantics, to check whether it explains all remaining mismatches.
DEVIATIONS = {
    # an invalid dealloc of an argument of @f (or an alias) marks it freed
    "arg-free-marks-freed": False,
}
# Size knobs (--max-depth / --max-templates). With the defaults, depth is 2 or 3.
SIZE = {"depth": 3, "templates": 3, "conds": 4}

# ===----------------------------------------------------------------------=== #
# IR
# ===----------------------------------------------------------------------=== #


class Op:
    """One operation. `res` is a list of (name, type-code)."""

    __slots__ = ("kind", "res", "opnds", "regions", "attrs", "line")

    def __init__(self, kind, res=(), opnds=(), regions=(), **attrs):
        self.kind = kind
        self.res = list(res)
        self.opnds = list(opnds)
        self.regions = list(regions)
        self.attrs = attrs
        self.line = 0


class Region:
    """A single-block region: arguments, statements and yielded values."""

    __slots__ = ("args", "stmts", "yields")

    def __init__(self, args=(), stmts=None, yields=()):
        self.args = list(args)
        self.stmts = stmts if stmts is not None else []
        self.yields = list(yields)


class Term:
    """Block terminator: br(dest, args) / cond_br(cond, d1, a1, d2, a2) / return(vals)."""

    __slots__ = ("kind", "cond", "dests", "vals", "line")

    def __init__(self, kind, cond=None, dests=(), vals=()):
        self.kind = kind
        self.cond = cond
        self.dests = list(dests)  # list of (block, [arg names])
        self.vals = list(vals)  # return operands
        self.line = 0


class Block:
    __slots__ = ("name", "args", "stmts", "term")

    def __init__(self, name, args=()):
        self.name = name
        self.args = list(args)
        self.stmts = []
        self.term = None


class Func:
    def __init__(self, name, args, rtypes):
        self.name = name
        self.args = list(args)  # (name, type)
        self.rtypes = list(rtypes)
        self.blocks = []
        self.types = {n: t for n, t in args}
        self.origin = {n: ("arg" if t in MEMREF_TYPES else "scalar") for n, t in args}
        self.counter = 0
        self.line = 0

    def fresh(self, prefix):
        self.counter += 1
        return "%%%s%d" % (prefix, self.counter)

    def define(self, name, ty, origin):
        self.types[name] = ty
        self.origin[name] = origin


class Module:
    def __init__(self):
        self.funcs = []  # callees first, @f last
        self.header = []

    def func(self, name):
        for f in self.funcs:
            if f.name == name:
                return f
        raise KeyError(name)


# ===----------------------------------------------------------------------=== #
# Printer
# ===----------------------------------------------------------------------=== #


def _tl(types, names):
    return ", ".join(TYPES[types[n]] for n in names)


def render_module(mod):
    """Renders the module and assigns `line` to every op and terminator."""
    out = list(mod.header)

    def emit(indent, text):
        out.append(" " * indent + text)
        return len(out)

    def render_stmts(f, stmts, ind):
        T = f.types
        for op in stmts:
            k = op.kind
            r = ", ".join(n for n, _ in op.res)
            if k == "const":
                op.line = emit(ind, "%s = arith.constant %s" % (r, op.attrs["value"]))
            elif k in ("alloc", "alloca"):
                op.line = emit(ind, "%s = memref.%s() : %s" % (r, k, TYPES[op.res[0][1]]))
            elif k == "cast":
                src = op.opnds[0]
                op.line = emit(ind, "%s = memref.cast %s : %s to %s" % (
                    r, src, TYPES[T[src]], TYPES[op.res[0][1]]))
            elif k == "subview":
                src = op.opnds[0]
                op.line = emit(ind, "%s = memref.subview %s[0] [8] [1] : %s to %s" % (
                    r, src, TYPES[T[src]], TYPES["V"]))
            elif k == "load":
                m, i = op.opnds
                op.line = emit(ind, "%s = memref.load %s[%s] : %s" % (r, m, i, TYPES[T[m]]))
            elif k == "store":
                v, m, i = op.opnds
                op.line = emit(ind, "memref.store %s, %s[%s] : %s" % (v, m, i, TYPES[T[m]]))
            elif k == "dealloc":
                m = op.opnds[0]
                op.line = emit(ind, "memref.dealloc %s : %s" % (m, TYPES[T[m]]))
            elif k == "select":
                c, a, b = op.opnds
                op.line = emit(ind, "%s = arith.select %s, %s, %s : %s" % (r, c, a, b, TYPES[T[a]]))
            elif k == "xori":
                op.line = emit(ind, "%s = arith.xori %s, %s : i1" % (r, op.opnds[0], op.opnds[1]))
            elif k == "cmpi":
                op.line = emit(ind, "%s = arith.cmpi slt, %s, %s : index" % (r, op.opnds[0], op.opnds[1]))
            elif k == "addi":
                op.line = emit(ind, "%s = arith.addi %s, %s : index" % (r, op.opnds[0], op.opnds[1]))
            elif k == "call":
                callee = op.attrs["callee"]
                rt = ", ".join(TYPES[t] for _, t in op.res)
                rt = "(%s)" % rt if len(op.res) != 1 else rt
                op.line = emit(ind, "%sfunc.call @%s(%s) : (%s) -> %s" % (
                    (r + " = ") if r else "", callee, ", ".join(op.opnds),
                    _tl(T, op.opnds), rt))
            elif k == "if":
                then, els = op.regions
                head = ("%s = " % r) if r else ""
                rts = ""
                if op.res:
                    rts = " -> (%s)" % ", ".join(TYPES[t] for _, t in op.res)
                op.line = emit(ind, "%sscf.if %s%s {" % (head, op.opnds[0], rts))
                render_stmts(f, then.stmts, ind + 2)
                if op.res:
                    emit(ind + 2, "scf.yield %s : %s" % (", ".join(then.yields), _tl(T, then.yields)))
                if op.res or els.stmts:
                    emit(ind, "} else {")
                    render_stmts(f, els.stmts, ind + 2)
                    if op.res:
                        emit(ind + 2, "scf.yield %s : %s" % (", ".join(els.yields), _tl(T, els.yields)))
                emit(ind, "}")
            elif k == "for":
                body = op.regions[0]
                lb, ub, st = op.opnds[:3]
                inits = op.opnds[3:]
                head = ("%s = " % r) if r else ""
                it = ""
                if inits:
                    it = " iter_args(%s) -> (%s)" % (
                        ", ".join("%s = %s" % (a, i) for (a, _), i in zip(body.args[1:], inits)),
                        ", ".join(TYPES[t] for _, t in op.res))
                op.line = emit(ind, "%sscf.for %s = %s to %s step %s%s {" % (
                    head, body.args[0][0], lb, ub, st, it))
                render_stmts(f, body.stmts, ind + 2)
                if inits:
                    emit(ind + 2, "scf.yield %s : %s" % (", ".join(body.yields), _tl(T, body.yields)))
                emit(ind, "}")
            else:
                raise AssertionError(k)

    def dest(b, args, T):
        if not args:
            return b.name
        return "%s(%s : %s)" % (b.name, ", ".join(args), _tl(T, args))

    for f in mod.funcs:
        sig = ", ".join("%s: %s" % (n, TYPES[t]) for n, t in f.args)
        rt = ""
        if f.rtypes:
            rt = " -> " + ", ".join(TYPES[t] for t in f.rtypes)
        f.line = emit(0, "func.func @%s(%s)%s {" % (f.name, sig, rt))
        for bi, b in enumerate(f.blocks):
            if bi:
                if b.args:
                    emit(0, "%s(%s):" % (b.name, ", ".join("%s: %s" % (n, TYPES[t]) for n, t in b.args)))
                else:
                    emit(0, "%s:" % b.name)
            render_stmts(f, b.stmts, 2)
            t = b.term
            if t.kind == "return":
                if t.vals:
                    t.line = emit(2, "return %s : %s" % (", ".join(t.vals), _tl(f.types, t.vals)))
                else:
                    t.line = emit(2, "return")
            elif t.kind == "br":
                (d, a), = t.dests
                t.line = emit(2, "cf.br %s" % dest(d, a, f.types))
            else:
                (d1, a1), (d2, a2) = t.dests
                t.line = emit(2, "cf.cond_br %s, %s, %s" % (
                    t.cond, dest(d1, a1, f.types), dest(d2, a2, f.types)))
        emit(0, "}")
    return "\n".join(out) + "\n"


# ===----------------------------------------------------------------------=== #
# Interpreter (the ground truth)
# ===----------------------------------------------------------------------=== #


class Inst:
    """One dynamic buffer instance."""

    __slots__ = ("kind", "line", "freed")

    def __init__(self, kind, line):
        self.kind = kind  # 'heap' | 'alloca' | 'arg'
        self.line = line
        self.freed = False


class StepLimit(Exception):
    pass


class Interp:
    def __init__(self, mod):
        self.mod = mod
        self.findings = set()
        self.allocs = []
        self.executed = set()  # names of the callees that ran
        self.steps = 0

    def report(self, rule, line):
        self.findings.add((rule, line))

    def use(self, ref, line):
        if ref[0].freed:
            self.report(UAF, line)

    def run_stmts(self, stmts, env):
        for op in stmts:
            self.steps += 1
            k = op.kind
            if k == "load":
                self.use(env[op.opnds[0]], op.line)
                env[op.res[0][0]] = 0.0
            elif k == "store":
                self.use(env[op.opnds[1]], op.line)
            elif k == "cast":
                env[op.res[0][0]] = env[op.opnds[0]]
            elif k == "subview":
                env[op.res[0][0]] = (env[op.opnds[0]][0], True)
            elif k == "dealloc":
                inst, interior = env[op.opnds[0]]
                if (DEVIATIONS["arg-free-marks-freed"] and inst.kind == "arg"
                        and not interior):
                    if inst.freed:
                        self.report(DFREE, op.line)
                    else:
                        self.report(INVALID, op.line)
                        inst.freed = True
                elif interior or inst.kind != "heap":
                    self.report(INVALID, op.line)
                elif inst.freed:
                    self.report(DFREE, op.line)
                else:
                    inst.freed = True
            elif k == "alloc" or k == "alloca":
                inst = Inst("heap" if k == "alloc" else "alloca", op.line)
                if k == "alloc":
                    self.allocs.append(inst)
                env[op.res[0][0]] = (inst, False)
            elif k == "select":
                c, a, b = op.opnds
                env[op.res[0][0]] = env[a] if env[c] else env[b]
            elif k == "const":
                env[op.res[0][0]] = op.attrs["pyval"]
            elif k == "xori":
                env[op.res[0][0]] = env[op.opnds[0]] != env[op.opnds[1]]
            elif k == "cmpi":
                env[op.res[0][0]] = env[op.opnds[0]] < env[op.opnds[1]]
            elif k == "addi":
                env[op.res[0][0]] = env[op.opnds[0]] + env[op.opnds[1]]
            elif k == "if":
                reg = op.regions[0] if env[op.opnds[0]] else op.regions[1]
                self.run_stmts(reg.stmts, env)
                vals = [env[y] for y in reg.yields]
                for (n, _), v in zip(op.res, vals):
                    env[n] = v
            elif k == "for":
                body = op.regions[0]
                lb, ub, st = (env[x] for x in op.opnds[:3])
                iters = [env[x] for x in op.opnds[3:]]
                for iv in range(lb, ub, st):
                    env[body.args[0][0]] = iv
                    for (n, _), v in zip(body.args[1:], iters):
                        env[n] = v
                    self.run_stmts(body.stmts, env)
                    iters = [env[y] for y in body.yields]
                for (n, _), v in zip(op.res, iters):
                    env[n] = v
            elif k == "call":
                vals = [env[x] for x in op.opnds]
                for x, v in zip(op.opnds, vals):
                    if isinstance(v, tuple):
                        self.use(v, op.line)
                self.executed.add(op.attrs["callee"])
                res = self.run_func(self.mod.func(op.attrs["callee"]), vals)
                for (n, _), v in zip(op.res, res):
                    env[n] = v
            else:
                raise AssertionError(k)
        if self.steps > 200000:
            raise StepLimit()

    def run_func(self, f, argvals):
        env = {n: v for (n, _), v in zip(f.args, argvals)}
        b = f.blocks[0]
        while True:
            self.run_stmts(b.stmts, env)
            t = b.term
            if t.kind == "return":
                vals = [env[v] for v in t.vals]
                for v in vals:
                    if isinstance(v, tuple):
                        self.use(v, t.line)
                return vals
            if t.kind == "br":
                d, a = t.dests[0]
            else:
                d, a = t.dests[0] if env[t.cond] else t.dests[1]
            vals = [env[x] for x in a]
            for (n, _), v in zip(d.args, vals):
                env[n] = v
            b = d


def uses_name(f, name):
    def walk(stmts):
        for op in stmts:
            if name in op.opnds:
                return True
            for r in op.regions:
                if walk(r.stmts) or name in r.yields:
                    return True
        return False
    for b in f.blocks:
        if walk(b.stmts):
            return True
        t = b.term
        if t.cond == name or name in t.vals or any(name in a for _, a in t.dests):
            return True
    return False


def _called_names(mod):
    names = set()

    def walk(stmts):
        for op in stmts:
            if op.kind == "call":
                names.add(op.attrs["callee"])
            for r in op.regions:
                walk(r.stmts)
    for f in mod.funcs:
        for b in f.blocks:
            walk(b.stmts)
    return names


def ground_truth(mod):
    """Returns {(rule, line): (function, all_paths)} for the whole module.

    Every function that no other function calls is a root: it is executed for
    every assignment of its i1 arguments (and %n in TRIP_VALUES) with memref
    arguments it does not own. A call runs the callee's body on the caller's
    values, so findings inside a callee are those its callers cause."""
    result = {}
    called = _called_names(mod)
    roots = [f for f in mod.funcs if f.name not in called] or list(mod.funcs)
    executed = set()
    # A function with call sites is only analysed in its callers' contexts, even
    # when no call site ever executes (then it has no finding at all).
    _truth_of_root(mod, roots, result, executed)
    return result


def _truth_of_root(mod, roots, result, executed):
    for f in roots:
        axes = []
        for n, t in f.args:
            if t == "i1":
                axes.append((False, True))
            elif t == "index":
                axes.append(TRIP_VALUES if uses_name(f, n) else (0,))
            else:
                axes.append((None,))
        counts = {}
        runs = 0
        for combo in itertools.product(*axes):
            runs += 1
            argvals = []
            for (n, t), v in zip(f.args, combo):
                argvals.append((Inst("arg", f.line), False) if t in MEMREF_TYPES else v)
            it = Interp(mod)
            rets = it.run_func(f, argvals)
            executed.update(it.executed)
            returned = set(id(v[0]) for v in rets if isinstance(v, tuple))
            for inst in it.allocs:
                if not inst.freed and id(inst) not in returned:
                    it.report(LEAK, inst.line)
            for key in it.findings:
                counts[key] = counts.get(key, 0) + 1
        for key, c in counts.items():
            prev = result.get(key)
            allp = c == runs and (prev is None or prev[1])
            result[key] = (f.name, allp)


# ===----------------------------------------------------------------------=== #
# Parser for the generated subset (hand-written oracle checks, round trips)
# ===----------------------------------------------------------------------=== #

_TYPE_CODES = {v.replace(" ", ""): k for k, v in TYPES.items()}


class ParseError(Exception):
    pass


def _split_top(s):
    """Splits at commas that are not nested in <>, (), []."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def _ty(s, lineno):
    code = _TYPE_CODES.get(s.replace(" ", ""))
    if code is None:
        raise ParseError("line %d: unsupported type %r" % (lineno, s))
    return code


def _names(s):
    return [x.strip() for x in s.split(",") if x.strip()]


def parse_module(text):
    """Parses the subset printed by render_module (one op per line) back into
    a Module. Raises ParseError on anything outside the subset."""
    try:
        return _parse_module(text)
    except (AttributeError, KeyError, IndexError, ValueError) as e:
        raise ParseError("outside the supported subset (%s: %s)" % (type(e).__name__, e))


def _parse_module(text):
    import re
    mod = Module()
    f = None
    stack = []  # open regions: (op, region-index) or ('func',)
    cur = None  # current statement list
    pending = []  # (term, [(blockname, args)])
    blocks = {}

    def res_list(lhs):
        return _names(lhs) if lhs else []

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("//")[0].strip()
        if not line or line in ("module {",):
            continue
        m = re.match(r"func\.func (?:private )?@(\w+)\((.*)\)(?: -> \(?(.*?)\)?)? \{$", line)
        if m:
            args = []
            for a in _split_top(m.group(2)):
                n, t = a.split(":", 1)
                args.append((n.strip(), _ty(t, lineno)))
            rts = [_ty(t, lineno) for t in _split_top(m.group(3) or "")]
            f = Func(m.group(1), args, rts)
            f.line = lineno
            b = Block("^entry")
            f.blocks.append(b)
            cur = b.stmts
            blocks = {}
            stack = [("func",)]
            mod.funcs.append(f)
            continue
        if f is None:
            raise ParseError("line %d: expected func.func" % lineno)
        m = re.match(r"(\^\w+)(?:\((.*)\))?:$", line)
        if m:
            args = []
            for a in _split_top(m.group(2) or ""):
                n, t = a.split(":", 1)
                args.append((n.strip(), _ty(t, lineno)))
            b = Block(m.group(1), args)
            for n, t in args:
                f.define(n, t, "merge")
            f.blocks.append(b)
            blocks[b.name] = b
            cur = b.stmts
            continue
        if line == "}":
            top = stack.pop()
            if top[0] == "func":
                for t, dests in pending:
                    t.dests = [(blocks[n], a) for n, a in dests]
                pending = []
                f = None
                continue
            op, _, outer = top
            cur = outer
            continue
        if line == "} else {":
            op, idx, outer = stack.pop()
            stack.append((op, 1, outer))
            cur = op.regions[1].stmts
            continue
        m = re.match(r"scf\.yield (.*) : (.*)$", line)
        if m:
            op, idx, _ = stack[-1]
            op.regions[idx].yields = _names(m.group(1))
            continue
        m = re.match(r"return(?: (.*) : .*)?$", line)
        if m:
            t = Term("return", vals=_names(m.group(1) or ""))
            t.line = lineno
            f.blocks[-1].term = t
            continue
        m = re.match(r"cf\.br (\^\w+)(?:\((.*) : .*\))?$", line)
        if m:
            t = Term("br")
            t.line = lineno
            pending.append((t, [(m.group(1), _names(m.group(2) or ""))]))
            f.blocks[-1].term = t
            continue
        m = re.match(r"cf\.cond_br (%\w+), (\^\w+)(?:\(([^:]*) : [^)]*\))?, (\^\w+)(?:\((.*) : .*\))?$",
                     line)
        if m:
            t = Term("cond_br", m.group(1))
            t.line = lineno
            pending.append((t, [(m.group(2), _names(m.group(3) or "")),
                                (m.group(4), _names(m.group(5) or ""))]))
            f.blocks[-1].term = t
            continue
        m = re.match(r"(?:(.*?) = )?(scf\.if|scf\.for|func\.call|[\w.]+)\b(.*)$", line)
        if not m:
            raise ParseError("line %d: cannot parse %r" % (lineno, line))
        lhs, name, rest = m.group(1), m.group(2), m.group(3).strip()
        res = res_list(lhs)
        op = None
        if name == "arith.constant":
            v = rest
            if v in ("true", "false"):
                ty, py = "i1", v == "true"
            elif v.endswith(": index"):
                ty, py = "index", int(v.split(":")[0])
            elif v.endswith(": f32"):
                ty, py = "f32", 0.0
            else:
                raise ParseError("line %d: constant %r" % (lineno, v))
            op = Op("const", [(res[0], ty)], value=v, pyval=py)
        elif name in ("memref.alloc", "memref.alloca"):
            op = Op(name.split(".")[1], [(res[0], _ty(rest.split(":", 1)[1], lineno))])
        elif name == "memref.cast":
            mm = re.match(r"(%\w+) : (.*) to (.*)$", rest)
            op = Op("cast", [(res[0], _ty(mm.group(3), lineno))], [mm.group(1)])
        elif name == "memref.subview":
            mm = re.match(r"(%\w+)\[0\] ?\[8\] ?\[1\] : (.*) to (.*)$", rest)
            if not mm:
                raise ParseError("line %d: only [0] [8] [1] subviews" % lineno)
            op = Op("subview", [(res[0], _ty(mm.group(3), lineno))], [mm.group(1)])
        elif name == "memref.load":
            mm = re.match(r"(%\w+)\[(%\w+)\] : (.*)$", rest)
            op = Op("load", [(res[0], "f32")], [mm.group(1), mm.group(2)])
        elif name == "memref.store":
            mm = re.match(r"(%\w+), (%\w+)\[(%\w+)\] : (.*)$", rest)
            op = Op("store", [], [mm.group(1), mm.group(2), mm.group(3)])
        elif name == "memref.dealloc":
            op = Op("dealloc", [], [rest.split(":")[0].strip()])
        elif name == "arith.select":
            mm = re.match(r"(%\w+), (%\w+), (%\w+) : (.*)$", rest)
            op = Op("select", [(res[0], _ty(mm.group(4), lineno))], list(mm.group(1, 2, 3)))
        elif name in ("arith.xori", "arith.addi"):
            mm = re.match(r"(%\w+), (%\w+) : (.*)$", rest)
            k = name.split(".")[1]
            op = Op(k, [(res[0], _ty(mm.group(3), lineno))], list(mm.group(1, 2)))
        elif name == "arith.cmpi":
            mm = re.match(r"slt, (%\w+), (%\w+) : index$", rest)
            if not mm:
                raise ParseError("line %d: only cmpi slt on index" % lineno)
            op = Op("cmpi", [(res[0], "i1")], list(mm.group(1, 2)))
        elif name == "func.call":
            mm = re.match(r"@(\w+)\((.*?)\) : \((.*?)\) -> \(?(.*?)\)?$", rest)
            rts = [_ty(t, lineno) for t in _split_top(mm.group(4))]
            op = Op("call", list(zip(res, rts)), _names(mm.group(2)), callee=mm.group(1))
        elif name == "scf.if":
            mm = re.match(r"(%\w+)(?: -> \((.*)\))? \{$", rest)
            rts = [_ty(t, lineno) for t in _split_top(mm.group(2) or "")]
            op = Op("if", list(zip(res, rts)), [mm.group(1)], [Region(), Region()])
        elif name == "scf.for":
            mm = re.match(r"(%\w+) = (%\w+) to (%\w+) step (%\w+)"
                          r"(?: iter_args\((.*)\) -> \((.*)\))? \{$", rest)
            rts = [_ty(t, lineno) for t in _split_top(mm.group(6) or "")]
            its = [tuple(x.strip() for x in a.split("=")) for a in _split_top(mm.group(5) or "")]
            body = Region([(mm.group(1), "index")] + [(a, t) for (a, _), t in zip(its, rts)])
            op = Op("for", list(zip(res, rts)), list(mm.group(2, 3, 4)) + [i for _, i in its], [body])
            f.define(mm.group(1), "index", "scalar")
            for (a, _), t in zip(its, rts):
                f.define(a, t, "merge")
        else:
            raise ParseError("line %d: unsupported op %r" % (lineno, name))
        op.line = lineno
        origin = {"alloc": "heap", "alloca": "alloca", "subview": "view"}.get(op.kind, "merge")
        for n, t in op.res:
            if op.kind == "cast":
                f.define(n, t, f.origin.get(op.opnds[0], "merge"))
            else:
                f.define(n, t, origin if t in MEMREF_TYPES else "scalar")
        cur.append(op)
        if op.kind in ("if", "for"):
            stack.append((op, 0, cur))
            cur = op.regions[0].stmts
    return mod


# ===----------------------------------------------------------------------=== #
# Generator
# ===----------------------------------------------------------------------=== #

CALLEES = ("g_free", "g_read", "g_id")


def make_callee(kind):
    f = Func(kind, [("%m", "S")], ["S"] if kind == "g_id" else [])
    b = Block("^entry")
    f.blocks.append(b)
    if kind == "g_free":
        b.stmts.append(Op("dealloc", opnds=["%m"]))
        b.term = Term("return")
    elif kind == "g_read":
        f.define("%k", "index", "scalar")
        f.define("%x", "f32", "scalar")
        b.stmts.append(Op("const", [("%k", "index")], value="0 : index", pyval=0))
        b.stmts.append(Op("load", [("%x", "f32")], ["%m", "%k"]))
        b.term = Term("return")
    else:
        b.term = Term("return", vals=["%m"])
    return f


class Gen:
    """Builds a program that is correct by construction (modulo buggy templates)."""

    def __init__(self, rng, allow_bug_templates):
        self.rng = rng
        self.bugs = allow_bug_templates
        self.mod = Module()
        r = rng.random()
        self.callee = None
        if r < 0.3 and FEATURES["callees"]:
            self.callee = rng.choice(CALLEES)
            self.mod.funcs.append(make_callee(self.callee))
        ncond = rng.randint(2, 4)
        if SIZE["conds"] != 4:
            ncond = rng.randint(min(2, SIZE["conds"]), SIZE["conds"])
        args = [("%%c%d" % i, "i1") for i in range(ncond)]
        args += [("%n", "index"), ("%arg", "S")]
        self.ret_mode = rng.choice(["none", "none", "none", "fresh", "arg", "select"])
        f = Func("f", args, ["S"] if self.ret_mode != "none" else [])
        self.f = f
        self.mod.funcs.append(f)
        self.conds = [n for n, _ in args[:ncond]]
        self.used_conds = []
        self.in_n_loop = 0
        self.nblocks = 0
        entry = self.new_block()
        self.cur = entry.stmts
        self.block = entry
        for i in range(4):
            self.const("%%i%d" % i, "index", "%d : index" % i, i)
        self.const("%true", "i1", "true", True)
        self.const("%false", "i1", "false", False)
        self.const("%cst", "f32", "1.000000e+00 : f32", 1.0)

    # -- low-level builders ------------------------------------------------- #
    def const(self, name, ty, text, pyval):
        self.f.define(name, ty, "scalar")
        self.cur.append(Op("const", [(name, ty)], value=text, pyval=pyval, preamble=True))

    def new_block(self, args=()):
        b = Block("^bb%d" % self.nblocks, args)
        self.nblocks += 1
        for n, t in args:
            self.f.define(n, t, "merge" if t in MEMREF_TYPES else "scalar")
        self.f.blocks.append(b)
        return b

    def set_block(self, b):
        self.block = b
        self.cur = b.stmts

    def res(self, prefix, ty, origin):
        n = self.f.fresh(prefix)
        self.f.define(n, ty, origin)
        return n

    def alloc(self):
        n = self.res("a", "S", "heap")
        self.cur.append(Op("alloc", [(n, "S")]))
        return n

    def alloca(self):
        n = self.res("s", "S", "alloca")
        self.cur.append(Op("alloca", [(n, "S")]))
        return n

    def cast(self, v, to):
        n = self.res("cast", to, self.f.origin[v])
        self.cur.append(Op("cast", [(n, to)], [v]))
        return n

    def subview(self, v):
        n = self.res("view", "V", "view")
        self.cur.append(Op("subview", [(n, "V")], [v]))
        return n

    def idx(self):
        return "%%i%d" % self.rng.randint(0, 3)

    def load(self, v):
        n = self.res("x", "f32", "scalar")
        self.cur.append(Op("load", [(n, "f32")], [v, self.idx()]))

    def store(self, v):
        self.cur.append(Op("store", [], ["%cst", v, self.idx()]))

    def dealloc(self, v):
        self.cur.append(Op("dealloc", [], [v]))

    def select(self, c, a, b, ty="S"):
        n = self.res("sel" if ty == "S" else "flag", ty, "merge" if ty == "S" else "scalar")
        self.cur.append(Op("select", [(n, ty)], [c, a, b]))
        return n

    def neg(self, c):
        n = self.res("not", "i1", "scalar")
        self.cur.append(Op("xori", [(n, "i1")], [c, "%true"]))
        return n

    def cond(self):
        if self.used_conds and self.rng.random() < 0.5:
            return self.rng.choice(self.used_conds)
        c = self.rng.choice(self.conds)
        self.used_conds.append(c)
        return c

    def region(self, fn, args=()):
        saved = self.cur
        reg = Region(args)
        self.cur = reg.stmts
        reg.yields = list(fn() or [])
        self.cur = saved
        return reg

    def if_(self, c, then_fn, else_fn=None, rtypes=()):
        res = [(self.res("r", t, "merge" if t in MEMREF_TYPES else "scalar"), t) for t in rtypes]
        then = self.region(then_fn)
        els = self.region(else_fn or (lambda: None))
        self.cur.append(Op("if", res, [c], [then, els]))
        return [n for n, _ in res]

    def trip(self):
        # No %n loop nested in a %n loop: the oracle correlates their trip counts,
        # which an analysis that treats each loop's count as unknown cannot do.
        if self.in_n_loop:
            return self.rng.choice([0, 1, 2, 3])
        return self.rng.choice([0, 1, 2, 3, "n", "n"])

    def for_(self, trip, body_fn, inits=()):
        ub = "%n" if trip == "n" else "%%i%d" % trip
        iv = self.res("iv", "index", "scalar")
        its = [(self.res("it", self.f.types[i], "merge" if self.f.types[i] in MEMREF_TYPES
                         else "scalar"), self.f.types[i]) for i in inits]
        res = [(self.res("r", self.f.types[i], "merge" if self.f.types[i] in MEMREF_TYPES
                         else "scalar"), self.f.types[i]) for i in inits]
        self.in_n_loop += trip == "n"
        body = self.region(lambda: body_fn([n for n, _ in its]), [(iv, "index")] + its)
        self.in_n_loop -= trip == "n"
        self.cur.append(Op("for", res, ["%i0", ub, "%i1"] + list(inits), [body]))
        return [n for n, _ in res]

    def call(self, callee, v):
        if self.f.types[v] != "S":
            v = self.cast(v, "S")
        res = []
        if callee == "g_id":
            res = [(self.res("call", "S", "merge"), "S")]
        self.cur.append(Op("call", res, [v], callee=callee))
        return [n for n, _ in res]

    # -- aliases ------------------------------------------------------------ #
    def alias_for_free(self, v):
        """A non-interior alias of `v` (type S or D)."""
        r = self.rng.random()
        if r < 0.55:
            return v
        t = self.f.types[v]
        if t == "S":
            d = self.cast(v, "D")
            if self.rng.random() < 0.4:
                return self.cast(d, "S")
            return d
        return self.cast(v, "S")

    def use(self, v):
        t = self.f.types[v]
        r = self.rng.random()
        if t in OWNING_TYPES and r < 0.25:
            v = self.subview(v)
            if self.rng.random() < 0.3:
                v = self.cast(v, "VD")
        elif t == "S" and r < 0.4:
            v = self.cast(v, "D")
        elif t == "D" and r < 0.4:
            v = self.cast(v, "S")
        if self.callee in ("g_read", "g_id") and self.f.types[v] in OWNING_TYPES \
                and self.rng.random() < 0.2:
            res = self.call(self.callee, v)
            if res:
                self.load(res[0])
            return
        if self.rng.random() < 0.5:
            self.load(v)
        else:
            self.store(v)

    def free(self, v):
        v = self.alias_for_free(v)
        if self.callee == "g_free" and self.rng.random() < 0.3:
            self.call("g_free", v)
        else:
            self.dealloc(v)

    # -- templates ---------------------------------------------------------- #
    def filler(self, d, live, maxn=2):
        for _ in range(self.rng.randint(0, maxn)):
            r = self.rng.random()
            if d > 0 and r < 0.45:
                self.template(d - 1, live)
            elif r < 0.85 and live:
                self.use(self.rng.choice(live))
            elif r < 0.93:
                s = self.alloca()
                self.use(s)
            else:
                self.use("%arg")

    def template(self, d, live):
        names = [
            ("t_simple", 3), ("t_if_split", 3), ("t_same_cond_twice", 3),
            ("t_select_corr", 4), ("t_if_yield", 2), ("t_if_yield_mixed", 2),
            ("t_if_yield_arg", 2), ("t_for_local", 2), ("t_for_iter", 2),
            ("t_alloca", 1), ("t_double_buffer", 1), ("t_if_swap", 1),
            ("t_nested_same_cond", 2), ("t_flag_loop", 2), ("t_select_chain", 1),
            ("t_select_flag", 1),
        ]
        if self.bugs:
            names.append(("t_for_hoist", 2))
        tot = sum(w for _, w in names)
        r = self.rng.uniform(0, tot)
        for n, w in names:
            r -= w
            if r <= 0:
                break
        getattr(self, n)(d, live)

    def t_simple(self, d, live):
        a = self.alloc()
        self.filler(d, live + [a])
        self.free(a)

    def t_alloca(self, d, live):
        s = self.alloca()
        self.filler(d, live + [s])

    def t_if_split(self, d, live):
        a = self.alloc()
        c = self.cond()
        self.filler(d, live + [a], 1)

        def th():
            self.filler(d - 1, live + [a], 1)
            self.free(a)

        def el():
            self.filler(d - 1, live + [a], 1)
            self.free(a)
        self.if_(c, th, el)

    def t_same_cond_twice(self, d, live):
        a = self.alloc()
        c = self.cond()
        first_neg = self.rng.random() < 0.3
        c1 = self.neg(c) if first_neg else c
        # When c1 holds, free `a` in the first if; otherwise in the second.
        self.if_(c1, lambda: (self.use(a), self.free(a)) and None,
                 (lambda: self.use(a)) if self.rng.random() < 0.5 else None)
        self.filler(d, live, 1)
        v = self.rng.randint(0, 2)
        if v == 0:
            self.if_(c1, lambda: None, lambda: self.free(a))
        elif v == 1:
            self.if_(self.neg(c1), lambda: self.free(a))
        else:
            # select picks `a` only when c1 is false: free through the select.
            s = self.alloc()
            m = self.select(c1, s, a)
            self.free(m)
            self.if_(c1, lambda: None, lambda: self.free(s))

    def t_select_corr(self, d, live):
        a = self.alloc()
        b = self.alloc()
        c = self.cond()
        if self.rng.random() < 0.3:
            m = self.select(self.neg(c), b, a)
        else:
            m = self.select(c, a, b)
        self.filler(d, live + [a, b, m])
        order = self.rng.random() < 0.5
        if order:
            self.free(m)
        v = self.rng.randint(0, 2)
        if v == 0:
            self.if_(c, lambda: self.free(b), lambda: self.free(a))
        elif v == 1:
            self.if_(self.neg(c), lambda: self.free(a), lambda: self.free(b))
        else:
            # two separate ifs on the same condition
            self.if_(c, lambda: self.free(b))
            self.if_(c, lambda: None, lambda: self.free(a))
        if not order:
            self.free(m)

    def t_if_yield(self, d, live):
        c = self.cond()

        def th():
            x = self.alloc()
            self.filler(d - 1, live + [x], 1)
            return [x]

        def el():
            y = self.alloc()
            self.filler(d - 1, live + [y], 1)
            return [y]
        r, = self.if_(c, th, el, ["S"])
        self.filler(d, live + [r])
        self.free(r)

    def t_if_yield_mixed(self, d, live):
        a = self.alloc()
        c = self.cond()

        def th():
            x = self.alloc()
            return [x]
        r, = self.if_(c, th, lambda: [a], ["S"])
        self.filler(d, live + [a, r])
        if self.rng.random() < 0.5:
            self.free(r)
            self.if_(c, lambda: self.free(a))
        else:
            self.if_(c, lambda: self.free(a))
            self.free(r)

    def t_if_yield_arg(self, d, live):
        c = self.cond()
        if self.rng.random() < 0.5:
            r, = self.if_(c, lambda: [self.alloc()], lambda: ["%arg"], ["S"])
            flag = c
        else:
            r, flag = self.if_(c, lambda: [self.alloc(), "%true"],
                               lambda: ["%arg", "%false"], ["S", "i1"])
        self.filler(d, live + [r])
        self.if_(flag, lambda: self.free(r))

    def t_for_local(self, d, live):
        def body(its):
            x = self.alloc()
            self.filler(d - 1, live + [x])
            self.free(x)
        self.for_(self.trip(), body)

    def t_for_iter(self, d, live):
        a = self.alloc()
        swap = self.rng.random() < 0.6

        cond_swap = swap and self.rng.random() < 0.35

        def body(its):
            it, = its
            if cond_swap:
                c = self.cond()

                def th():
                    new = self.alloc()
                    self.free(it)
                    self.filler(d - 1, live + [new], 1)
                    return [new]
                nxt, = self.if_(c, th, lambda: (self.use(it), [it])[1], ["S"])
                self.filler(d - 1, live + [nxt], 1)
                return [nxt]
            if swap:
                new = self.alloc()
                self.filler(d - 1, live + [it, new], 1)
                self.free(it)
                self.filler(d - 1, live + [new], 1)
                return [new]
            self.filler(d - 1, live + [it], 1)
            return [it]
        r, = self.for_(self.trip(), body, [a])
        self.filler(d, live + [r], 1)
        self.free(r)

    def t_for_hoist(self, d, live):
        a = self.alloc()

        def body(its):
            self.use(a)
            self.free(a)
        self.for_(self.trip(), body)

    def t_double_buffer(self, d, live):
        a = self.alloc()
        b = self.alloc()

        def body(its):
            x, y = its
            self.use(x)
            self.filler(d - 1, live + [x, y], 1)
            return [y, x]
        r1, r2 = self.for_(self.trip(), body, [a, b])
        self.filler(d, live + [r1, r2], 1)
        self.free(r1)
        self.free(r2)

    def t_if_swap(self, d, live):
        a = self.alloc()
        b = self.alloc()
        c = self.cond()
        r1, r2 = self.if_(c, lambda: [a, b], lambda: [b, a], ["S", "S"])
        self.filler(d, live + [r1, r2], 1)
        self.free(r1)
        self.use(r2)
        self.free(r2)

    def t_nested_same_cond(self, d, live):
        """Bugs on infeasible paths only: the inner branch re-tests `c`."""
        a = self.alloc()
        c = self.cond()
        neg = self.rng.random() < 0.5

        def th():
            self.filler(d - 1, live + [a], 1)
            # inner test is always false here
            inner = self.neg(c) if neg else c
            if neg:
                self.if_(inner, lambda: (self.free(a), self.free(a)) and None)
            else:
                self.if_(inner, lambda: None, lambda: (self.free(a), self.use(a)) and None)
            self.free(a)

        def el():
            self.filler(d - 1, live + [a], 1)
            self.free(a)
        self.if_(c, th, el)

    def t_flag_loop(self, d, live):
        """Ownership flag carried by scf.for iter_args next to the buffer."""
        first = "%arg"
        own0 = "%false"
        if self.rng.random() < 0.4:
            first = self.alloc()
            own0 = "%true"

        def body(its):
            m, own = its
            new = self.alloc()
            self.filler(d - 1, live + [m, new], 1)
            if self.rng.random() < 0.5:
                self.if_(own, lambda: self.free(m))
                return [new, "%true"]
            # keep the old buffer (and its flag) on some iterations
            c = self.cond()

            def replace():
                self.if_(own, lambda: self.free(m))
                return [new, "%true"]
            keep, kown = self.if_(c, lambda: (self.free(new), [m, own])[1], replace,
                                  ["S", "i1"])
            return [keep, kown]
        r, fl = self.for_(self.trip(), body, [first, own0])
        self.filler(d, live + [r], 1)
        self.if_(fl, lambda: self.free(r))

    def t_select_chain(self, d, live):
        a = self.alloc()
        b = self.alloc()
        c = self.cond()
        m1 = self.select(c, a, b)
        m2 = self.select(self.cond(), m1, a)
        m3 = self.select(self.cond(), b, m2)
        self.filler(d, live + [a, b, m1, m2, m3], 2)
        self.if_(c, lambda: self.free(b), lambda: self.free(a))
        self.free(m1)

    def t_select_flag(self, d, live):
        c = self.cond()
        x = self.alloc()
        fl = self.select(c, "%true", "%false", "i1")
        if self.rng.random() < 0.5:
            fl = self.neg(self.neg(fl))
        m = self.select(c, x, "%arg")
        self.filler(d, live + [m], 1)
        self.if_(fl, lambda: self.free(m))
        self.if_(c, lambda: None, lambda: self.free(x))

    # -- cf templates (top level only) ------------------------------------ #
    def branch(self, c, t_args=(), f_args=(), t_block_args=(), f_block_args=()):
        bt = self.new_block(t_block_args)
        bf = self.new_block(f_block_args)
        self.block.term = Term("cond_br", c, [(bt, list(t_args)), (bf, list(f_args))])
        return bt, bf

    def jump(self, dest, args=()):
        self.block.term = Term("br", dests=[(dest, list(args))])

    def t_cf_diamond(self, d, live):
        c = self.cond()
        bt, bf = self.branch(c)
        bj = self.new_block([(self.res("m", "S", "merge"), "S")])
        m = bj.args[0][0]
        for b in (bt, bf):
            self.set_block(b)
            x = self.alloc()
            self.filler(d - 1, live + [x], 1)
            self.jump(bj, [x])
        self.set_block(bj)
        self.filler(d - 1, live + [m], 1)
        self.free(m)

    def t_cf_pass(self, d, live):
        a = self.alloc()
        c = self.cond()
        p = self.res("m", "S", "merge")
        bt, bf = self.branch(c, [a], [], [(p, "S")])
        bj = self.new_block()
        self.set_block(bt)
        self.filler(d - 1, live + [p], 1)
        self.free(p)
        self.jump(bj)
        self.set_block(bf)
        self.free(a)
        self.jump(bj)
        self.set_block(bj)

    def t_cf_corr(self, d, live):
        a = self.alloc()
        b = self.alloc()
        c = self.cond()
        m = self.select(c, a, b)
        self.filler(d - 1, live + [a, b, m], 1)
        neg = self.rng.random() < 0.4
        bt, bf = self.branch(self.neg(c) if neg else c)
        if neg:
            bt, bf = bf, bt
        bj = self.new_block()
        self.set_block(bt)
        self.free(b)
        self.jump(bj)
        self.set_block(bf)
        self.free(a)
        self.jump(bj)
        self.set_block(bj)
        self.free(m)

    def t_cf_flag(self, d, live):
        c = self.cond()
        bt, bf = self.branch(c)
        m = self.res("m", "S", "merge")
        fl = self.res("own", "i1", "scalar")
        bj = self.new_block([(m, "S"), (fl, "i1")])
        self.set_block(bt)
        x = self.alloc()
        self.jump(bj, [x, "%true"])
        self.set_block(bf)
        self.jump(bj, ["%arg", "%false"])
        self.set_block(bj)
        self.filler(d - 1, live + [m], 1)
        self.if_(fl, lambda: self.free(m))

    def t_cf_loop(self, d, live):
        a = self.alloc()
        k = self.rng.randint(0, 3)
        i = self.res("ctr", "index", "scalar")
        buf = self.res("buf", "S", "merge")
        bh = self.new_block([(i, "index"), (buf, "S")])
        self.jump(bh, ["%i0", a])
        self.set_block(bh)
        cmp = self.res("cmp", "i1", "scalar")
        unknown = FEATURES["cf-n-loop"] and self.rng.random() < 0.35
        self.cur.append(Op("cmpi", [(cmp, "i1")], [i, "%n" if unknown else "%%i%d" % k]))
        bb, be = self.branch(cmp)
        self.set_block(bb)
        new = self.alloc()
        self.in_n_loop += unknown
        self.filler(d - 1, live + [buf, new], 1)
        self.in_n_loop -= unknown
        self.free(buf)
        nxt = self.res("inext", "index", "scalar")
        self.cur.append(Op("addi", [(nxt, "index")], [i, "%i1"]))
        self.jump(bh, [nxt, new])
        self.set_block(be)
        self.filler(d - 1, live + [buf], 1)
        self.free(buf)

    # -- driver ------------------------------------------------------------- #
    def build(self):
        rng = self.rng
        live = ["%arg"]
        ret = None
        tail = None
        if self.ret_mode == "fresh":
            ret = self.alloc()
            live.append(ret)
        elif self.ret_mode == "arg":
            ret = "%arg"
        elif self.ret_mode == "select":
            a = self.alloc()
            b = self.alloc()
            c = self.cond()
            ret = self.select(c, a, b)
            live += [a, b, ret]
            tail = (c, a, b)
        cf = ["t_cf_diamond", "t_cf_pass", "t_cf_corr", "t_cf_flag", "t_cf_loop"]
        depth = rng.choice([2, 2, 3])
        if SIZE["depth"] != 3:
            depth = rng.randint(min(2, SIZE["depth"]), SIZE["depth"])
        for _ in range(rng.randint(1, SIZE["templates"])):
            if rng.random() < 0.3:
                getattr(self, rng.choice(cf))(depth, live)
            else:
                self.template(depth, live)
            self.filler(0, live, 1)
        if tail:
            c, a, b = tail
            self.if_(c, lambda: self.free(b), lambda: self.free(a))
        self.block.term = Term("return", vals=[ret] if ret else [])
        if self.callee == "g_free" and "g_free" not in _called_names(self.mod):
            # an uncalled function is a root that does not own its argument
            self.mod.funcs = [self.f]
        return self.mod


# ===----------------------------------------------------------------------=== #
# Mutations (seeded bugs). Each keeps the IR valid.
# ===----------------------------------------------------------------------=== #


def dominators(f):
    preds = {id(b): [] for b in f.blocks}
    for b in f.blocks:
        for d, _ in b.term.dests:
            preds[id(d)].append(b)
    allb = set(id(b) for b in f.blocks)
    dom = {id(b): set(allb) for b in f.blocks}
    dom[id(f.blocks[0])] = {id(f.blocks[0])}
    changed = True
    while changed:
        changed = False
        for b in f.blocks[1:]:
            ps = preds[id(b)]
            new = set(allb)
            for p in ps:
                new &= dom[id(p)]
            new = new | {id(b)}
            if new != dom[id(b)]:
                dom[id(b)] = new
                changed = True
    return dom


def positions(f):
    """Yields (stmts, index, scope) for every insertion point of @f, where scope
    is the list of values visible there, and collects every op as
    (stmts, index, op, scope_before_op)."""
    dom = dominators(f)
    byid = {id(b): b for b in f.blocks}
    points = []
    ops = []

    def walk(stmts, base):
        scope = list(base)
        for i, op in enumerate(stmts):
            points.append((stmts, i, list(scope)))
            ops.append((stmts, i, op, list(scope)))
            for r in op.regions:
                walk(r.stmts, scope + [n for n, _ in r.args])
            scope += [n for n, _ in op.res]
        points.append((stmts, len(stmts), list(scope)))

    args = [n for n, _ in f.args]
    for b in f.blocks:
        base = list(args)
        for ob in f.blocks:  # keep block order for determinism
            if id(ob) in dom[id(b)] and ob is not b:
                base += [n for n, _ in ob.args]
                for op in ob.stmts:
                    base += [n for n, _ in op.res]
        base += [n for n, _ in b.args]
        walk(b.stmts, base)
    del byid
    # Nothing is inserted before the end of the constant preamble of @f
    # (mutations use %i0..%i3 and %cst).
    entry = f.blocks[0].stmts
    npre = 0
    while npre < len(entry) and entry[npre].attrs.get("preamble"):
        npre += 1
    points = [p for p in points if p[0] is not entry or p[1] >= npre]
    return points, ops


def _nested_n_loop(f, target):
    """True if `target` (an scf.for) encloses or is enclosed by another loop over %n."""
    def has_n(stmts):
        return any((op.kind == "for" and op.opnds[1] == "%n") or
                   any(has_n(r.stmts) for r in op.regions) for op in stmts)

    def walk(stmts, n_above):
        for op in stmts:
            if op is target:
                return n_above or has_n(op.regions[0].stmts)
            above = n_above or (op.kind == "for" and op.opnds[1] == "%n")
            for r in op.regions:
                res = walk(r.stmts, above)
                if res is not None:
                    return res
        return None
    for b in f.blocks:
        res = walk(b.stmts, False)
        if res is not None:
            return res
    return False


def _memrefs(f, scope, types=MEMREF_TYPES):
    return [v for v in scope if f.types.get(v) in types]


def mutate(mod, rng):
    """Applies one random mutation to @f. Returns a short description or None."""
    f = mod.funcs[-1]
    points, ops = positions(f)
    if not FEATURES["free-args"]:
        points = [(L, j, [v for v in sc if f.origin.get(v) != "arg"]) for (L, j, sc) in points]
        ops = [(L, j, op, [v for v in sc if f.origin.get(v) != "arg"]) for (L, j, op, sc) in ops]
    deallocs = [(L, i, op, s) for (L, i, op, s) in ops
                if op.kind == "dealloc" or (op.kind == "call" and op.attrs["callee"] == "g_free")]
    conds = [n for n, t in f.args if t == "i1"]
    choice = rng.choice(["delete", "delete", "dup", "dup", "uaf", "uaf", "earlier",
                         "invalid", "invalid", "flip", "flip", "swap", "trip",
                         "random_free", "random_use", "retarget", "ret"])
    if choice == "delete" and deallocs:
        L, i, op, _ = rng.choice(deallocs)
        del L[i]
        return "delete dealloc"
    if choice == "dup" and deallocs:
        L, i, op, _ = rng.choice(deallocs)
        j = rng.randint(i + 1, len(L))
        L.insert(j, Op("dealloc", [], [op.opnds[0]]))
        return "duplicate dealloc"
    if choice == "uaf" and deallocs:
        L, i, op, _ = rng.choice(deallocs)
        v = op.opnds[0]
        j = rng.randint(i + 1, len(L))
        new = []
        if rng.random() < 0.3 and f.types[v] in OWNING_TYPES:
            n = f.fresh("view")
            f.define(n, "V", "view")
            new.append(Op("subview", [(n, "V")], [v]))
            v = n
        if rng.random() < 0.5:
            n = f.fresh("x")
            f.define(n, "f32", "scalar")
            new.append(Op("load", [(n, "f32")], [v, "%i2"]))
        else:
            new.append(Op("store", [], ["%cst", v, "%i3"]))
        L[j:j] = new
        return "use after dealloc"
    if choice == "earlier" and deallocs:
        L, i, op, _ = rng.choice(deallocs)
        cands = [j for (L2, j, s) in points if L2 is L and j < i and op.opnds[0] in s]
        if cands:
            j = rng.choice(cands)
            del L[i]
            L.insert(j, op)
            return "move dealloc earlier"
    if choice == "invalid":
        pts = [(L, j, [v for v in s if f.types.get(v) in MEMREF_TYPES and (
            f.origin.get(v) in ("arg", "alloca", "view") or f.types[v] in ("V", "VD"))])
               for (L, j, s) in points]
        pts = [p for p in pts if p[2]]
        if pts:
            L, j, vs = rng.choice(pts)
            L.insert(j, Op("dealloc", [], [rng.choice(vs)]))
            return "invalid dealloc"
    if choice == "flip":
        cands = [op for (_, _, op, _) in ops if op.kind in ("if", "select")
                 and op.opnds[0] in conds]
        cands += [b.term for b in f.blocks if b.term.kind == "cond_br" and b.term.cond in conds]
        if cands:
            op = rng.choice(cands)
            if isinstance(op, Term):
                op.cond = rng.choice([c for c in conds if c != op.cond] or conds)
            else:
                op.opnds[0] = rng.choice([c for c in conds if c != op.opnds[0]] or conds)
            return "flip condition"
    if choice == "swap":
        cands = [op for (_, _, op, _) in ops if op.kind in ("if", "select")]
        cands += [b.term for b in f.blocks if b.term.kind == "cond_br"]
        if cands:
            op = rng.choice(cands)
            if isinstance(op, Term):
                op.dests.reverse()
            elif op.kind == "if":
                op.regions.reverse()
            else:
                op.opnds[1], op.opnds[2] = op.opnds[2], op.opnds[1]
            return "swap branches"
    if choice == "trip":
        cands = [op for (_, _, op, _) in ops if op.kind == "for"]
        if cands:
            op = rng.choice(cands)
            ubs = ["%i0", "%i1", "%i2", "%i3"]
            if not _nested_n_loop(f, op):
                ubs.append("%n")
            op.opnds[1] = rng.choice(ubs)
            return "change trip count"
    if choice == "random_free":
        pts = [(L, j, _memrefs(f, s, OWNING_TYPES)) for (L, j, s) in points]
        pts = [p for p in pts if p[2]]
        if pts:
            L, j, vs = rng.choice(pts)
            L.insert(j, Op("dealloc", [], [rng.choice(vs)]))
            return "random dealloc"
    if choice == "random_use":
        pts = [(L, j, _memrefs(f, s)) for (L, j, s) in points]
        pts = [p for p in pts if p[2]]
        if pts:
            L, j, vs = rng.choice(pts)
            n = f.fresh("x")
            f.define(n, "f32", "scalar")
            L.insert(j, Op("load", [(n, "f32")], [rng.choice(vs), "%i1"]))
            return "random use"
    if choice == "retarget" and deallocs:
        L, i, op, s = rng.choice(deallocs)
        if op.kind == "dealloc":
            vs = _memrefs(f, s)
            if vs:
                op.opnds[0] = rng.choice(vs)
                return "retarget dealloc"
    if choice == "ret" and f.rtypes:
        rets = [b for b in f.blocks if b.term.kind == "return"]
        b = rng.choice(rets)
        _, _, s = [p for p in points if p[0] is b.stmts and p[1] == len(b.stmts)][0]
        vs = _memrefs(f, s, ("S",))
        if vs:
            b.term.vals = [rng.choice(vs)]
            return "retarget return"
    return None


# ===----------------------------------------------------------------------=== #
# Program construction per seed
# ===----------------------------------------------------------------------=== #


class Program:
    def __init__(self, seed, mod, text, truth, mutations):
        self.seed = seed
        self.mod = mod
        self.text = text
        self.truth = truth
        self.mutations = mutations


def make_program(seed, buggy_ratio=0.6):
    rng = random.Random(seed)
    buggy = rng.random() < buggy_ratio
    for attempt in range(20):
        g = Gen(rng, buggy)
        mod = g.build()
        mod.header = ["// mlir-memlint fuzz seed %d" % seed]
        muts = []
        if buggy:
            for _ in range(rng.choice([1, 1, 1, 2])):
                for _ in range(10):
                    m = mutate(mod, rng)
                    if m:
                        muts.append(m)
                        break
        text = render_module(mod)
        try:
            truth = ground_truth(mod)
        except StepLimit:
            continue
        if buggy and not truth and attempt < 5:
            continue  # try again for an actually buggy program
        return Program(seed, mod, text, truth, muts)
    raise RuntimeError("could not generate program for seed %d" % seed)


# ===----------------------------------------------------------------------=== #
# Test-case reduction (--reduce)
# ===----------------------------------------------------------------------=== #


def _walk_lists(f):
    """All statement lists of f, outermost first."""
    out = []

    def walk(stmts):
        out.append(stmts)
        for op in stmts:
            for r in op.regions:
                walk(r.stmts)
    for b in f.blocks:
        walk(b.stmts)
    return out


def _used_names(mod):
    used = set()
    for f in mod.funcs:
        for L in _walk_lists(f):
            for op in L:
                used.update(op.opnds)
                for r in op.regions:
                    used.update(r.yields)
        for b in f.blocks:
            t = b.term
            if t.cond:
                used.add(t.cond)
            used.update(t.vals)
            for _, a in t.dests:
                used.update(a)
    return used


def _substitute(f, mapping):
    def m(x):
        while x in mapping:
            x = mapping[x]
        return x
    for L in _walk_lists(f):
        for op in L:
            op.opnds = [m(x) for x in op.opnds]
            for r in op.regions:
                r.yields = [m(x) for x in r.yields]
    for b in f.blocks:
        t = b.term
        if t.cond:
            t.cond = m(t.cond)
        t.vals = [m(x) for x in t.vals]
        t.dests = [(d, [m(x) for x in a]) for d, a in t.dests]


def _drop_unreachable(f):
    seen = {id(f.blocks[0])}
    work = [f.blocks[0]]
    while work:
        b = work.pop()
        for d, _ in b.term.dests:
            if id(d) not in seen:
                seen.add(id(d))
                work.append(d)
    f.blocks = [b for b in f.blocks if id(b) in seen]


def reduction_candidates(mod):
    """Returns a list of callables, each applying one shrinking step to `mod`
    (they are meant to be applied to a fresh deep copy, by index)."""
    cands = []
    used = _used_names(mod)
    f = mod.funcs[-1]
    for g in mod.funcs[:-1]:
        if not any(op.kind == "call" and op.attrs["callee"] == g.name
                   for L in _walk_lists(f) for op in L):
            cands.append(("drop-callee", g.name))
    for li, L in enumerate(_walk_lists(f)):
        for j, op in enumerate(L):
            if not any(n in used for n, _ in op.res):
                cands.append(("delete", li, j))
            if op.kind == "if":
                cands.append(("inline", li, j, 0))
                cands.append(("inline", li, j, 1))
            if op.kind == "for":
                cands.append(("inline", li, j, 0))
            if op.kind == "select":
                cands.append(("pick", li, j, 1))
                cands.append(("pick", li, j, 2))
    for bi, b in enumerate(f.blocks):
        if b.term.kind == "cond_br":
            cands.append(("uncond", bi, 0))
            cands.append(("uncond", bi, 1))
        if b.term.kind == "br":
            d = b.term.dests[0][0]
            preds = [x for x in f.blocks for dd, _ in x.term.dests if dd is d]
            if len(preds) == 1 and d is not b:
                cands.append(("merge", bi))
    for ai, (n, t) in enumerate(f.args):
        if n not in used:
            cands.append(("drop-arg", ai))
    if f.rtypes:
        cands.append(("drop-return",))
    return cands


def apply_candidate(mod, c):
    f = mod.funcs[-1]
    kind = c[0]
    if kind == "drop-callee":
        mod.funcs = [g for g in mod.funcs if g.name != c[1]]
        return
    if kind == "drop-return":
        f.rtypes = []
        for b in f.blocks:
            if b.term.kind == "return":
                b.term.vals = []
        return
    if kind == "drop-arg":
        del f.args[c[1]]
        return
    if kind in ("delete", "inline", "pick"):
        L = _walk_lists(f)[c[1]]
        j = c[2]
        op = L[j]
        if kind == "delete":
            del L[j]
        elif kind == "pick":
            _substitute(f, {op.res[0][0]: op.opnds[c[3]]})
            del L[j]
        elif op.kind == "if":
            reg = op.regions[c[3]]
            _substitute(f, {n: y for (n, _), y in zip(op.res, reg.yields)})
            L[j:j + 1] = reg.stmts
        else:  # for: run the body once
            body = op.regions[0]
            mp = {body.args[0][0]: op.opnds[0]}
            mp.update({n: i for (n, _), i in zip(body.args[1:], op.opnds[3:])})
            _substitute(f, mp)
            _substitute(f, {n: y for (n, _), y in zip(op.res, body.yields)})
            L[j:j + 1] = body.stmts
        return
    if kind == "uncond":
        b = f.blocks[c[1]]
        b.term = Term("br", dests=[b.term.dests[c[2]]])
        _drop_unreachable(f)
        return
    if kind == "merge":
        b = f.blocks[c[1]]
        d, a = b.term.dests[0]
        _substitute(f, {n: x for (n, _), x in zip(d.args, a)})
        b.stmts.extend(d.stmts)
        b.term = d.term
        f.blocks = [x for x in f.blocks if x is not d]
        return
    raise AssertionError(kind)


def mismatch_signature(truth, found, err):
    if err is not None:
        return {("error",)}
    exp = set(truth)
    got = set(found)
    return {("missing", r) for r, _ in exp - got} | {("unexpected", r) for r, _ in got - exp}


class _Templates:
    """The program language of this generator, for reduce_program (another
    generator passes its own: cfg_fuzz.Language)."""
    candidates = staticmethod(lambda mod: reduction_candidates(mod))
    apply = staticmethod(lambda mod, c: apply_candidate(mod, c))
    render = staticmethod(lambda mod: render_module(mod))
    truth = staticmethod(lambda mod: ground_truth(mod))
    errors = (StepLimit, KeyError, IndexError)


def reduce_program(p, tool, timeout, mlir_opt, work_dir, lang=_Templates):
    """Greedily shrinks p.mod while the first mismatch kind persists.
    Returns (text, truth, found, err) of the smallest failing variant."""
    import copy
    found, err = run_tool(tool, p.path, timeout)
    sig = mismatch_signature(p.truth, found, err)
    if not sig:
        return None
    target = sorted(sig)[0]
    cur = p.mod
    best = (p.text, p.truth, found, err)
    path = os.path.join(work_dir, "reduce_%d.mlir" % p.seed)
    i = 0
    budget = 2000
    progress = False
    while budget > 0:
        cands = lang.candidates(cur)
        if i >= len(cands):
            if not progress:
                break
            i, progress = 0, False  # another pass: earlier steps may apply now
            continue
        budget -= 1
        trial = copy.deepcopy(cur)
        try:
            lang.apply(trial, cands[i])
            text = lang.render(trial)
            truth = lang.truth(trial)
        except lang.errors:
            i += 1
            continue
        with open(path, "w") as fh:
            fh.write(text)
        if mlir_opt and not verify(mlir_opt, path)[0]:
            i += 1
            continue
        found, err = run_tool(tool, path, timeout)
        if target in mismatch_signature(truth, found, err):
            cur = trial
            best = (text, truth, found, err)
            progress = True
        else:
            i += 1
    try:
        os.unlink(path)
    except OSError:
        pass
    return best


# ===----------------------------------------------------------------------=== #
# Tool driver and comparison
# ===----------------------------------------------------------------------=== #


def run_tool(tool, path, timeout):
    import time
    for attempt in range(5):
        try:
            p = subprocess.run([tool, "--json", "-", path], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=timeout)
            break
        except subprocess.TimeoutExpired:
            return None, "timeout after %ss" % timeout
        except OSError as e:
            # e.g. ETXTBSY / EACCES while the binary is being relinked: retry
            if attempt == 4:
                return None, "cannot run tool: %s" % e
            time.sleep(1 + attempt)
    if p.returncode not in (0, 1):
        return None, "tool exited with %d: %s" % (
            p.returncode, p.stderr.decode(errors="replace")[-2000:])
    try:
        doc = json.loads(p.stdout.decode())
    except ValueError as e:
        return None, "invalid JSON (%s): %s" % (e, p.stdout.decode(errors="replace")[:2000])
    for fl in doc.get("files", []):
        if fl.get("status") != "ok":
            return None, "file status %r: %s" % (fl.get("status"), fl.get("diagnostic"))
    found = {}
    for fd in doc.get("findings", []):
        rule = fd.get("rule")
        if rule not in RULES:
            continue
        line = fd.get("location", {}).get("line")
        key = (rule, line)
        allp = fd.get("paths") == "all"
        found[key] = found.get(key, False) or allp
    return found, None


def verify(mlir_opt, path):
    p = subprocess.run([mlir_opt, path], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return p.returncode == 0, p.stderr.decode(errors="replace")


def numbered(text):
    return "\n".join("%4d | %s" % (i + 1, l) for i, l in enumerate(text.splitlines()))


def fmt_findings(d, truth=True, indent=4):
    pad = " " * indent
    if not d:
        return pad + "(none)\n"
    out = ""
    for (rule, line) in sorted(d, key=lambda k: (k[1], k[0])):
        v = d[(rule, line)]
        allp = v[1] if truth else v
        out += pad + "%s line %d (%s)\n" % (rule, line, "all" if allp else "some")
    return out


def parse_seeds(s):
    out = []
    for part in s.split(","):
        if ":" in part:
            a, b = part.split(":")
            out.extend(range(int(a), int(b)))
        else:
            out.append(int(part))
    return out


def run_oracle(args):
    rc = 0
    for path in args.oracle:
        with open(path) as fh:
            text = fh.read()
        try:
            truth = ground_truth(parse_module(text))
        except ParseError as e:
            print("%s: %s" % (path, e))
            rc = 1
            continue
        print("%s: expected" % path)
        sys.stdout.write(fmt_findings(truth))
        if args.tool:
            found, err = run_tool(args.tool, path, args.timeout)
            if err:
                print("  tool error: %s" % err)
                rc = 1
                continue
            print("%s: actual" % path)
            sys.stdout.write(fmt_findings(found, truth=False))
            if set(found) != set(truth):
                rc = 1
    return rc


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", help="path to mlir-memlint (run as TOOL --json - FILE)")
    ap.add_argument("--seeds", default="0:100",
                    help="seeds: A:B (half-open range), or comma-separated list (default 0:100)")
    ap.add_argument("--out-dir", help="directory for the generated .mlir files (default: temp dir)")
    ap.add_argument("--keep-failures", metavar="DIR",
                    help="write every failing program with its expected/actual findings to DIR")
    ap.add_argument("--verify-with", metavar="MLIR_OPT",
                    help="verify every generated program with this mlir-opt")
    ap.add_argument("--buggy-ratio", type=float, default=0.6,
                    help="fraction of programs with seeded bugs (default 0.6)")
    ap.add_argument("--dump", action="store_true",
                    help="print each program with its expected findings (no tool needed)")
    ap.add_argument("--self-check", action="store_true",
                    help="check that unmutated programs have no expected findings")
    ap.add_argument("--oracle", nargs="+", metavar="FILE",
                    help="print the ground truth for hand-written files in the generated "
                         "subset and exit (with --tool: also compare)")
    ap.add_argument("--disable", action="append", default=[], choices=sorted(FEATURES),
                    help="switch off a generator feature: 'callees' (no @g_* callee), "
                         "'free-args' (no seeded dealloc of %%arg or its casts), "
                         "'cf-n-loop' (cf counter loops only with constant bounds); repeatable")
    ap.add_argument("--max-depth", type=int, default=3,
                    help="maximum nesting depth of generated templates (default 3)")
    ap.add_argument("--max-templates", type=int, default=3,
                    help="maximum number of top-level templates in @f (default 3)")
    ap.add_argument("--max-conds", type=int, default=4,
                    help="maximum number of i1 arguments of @f (default 4)")
    ap.add_argument("--assume-deviation", action="append", default=[], choices=sorted(DEVIATIONS),
                    help="triage aid: change the oracle to model a known tool deviation "
                         "(repeatable); the default oracle follows the documented semantics")
    ap.add_argument("--reduce", action="store_true",
                    help="shrink every failing program (greedy, keeps the first mismatch kind)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 4)
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("--quiet", action="store_true", help="only print the summary")
    args = ap.parse_args(argv)

    for feat in args.disable:
        FEATURES[feat] = False
    for dev in args.assume_deviation:
        DEVIATIONS[dev] = True
    SIZE["depth"] = args.max_depth
    SIZE["templates"] = args.max_templates
    SIZE["conds"] = args.max_conds
    if args.oracle:
        return run_oracle(args)

    seeds = parse_seeds(args.seeds)
    if not args.tool and not args.dump and not args.verify_with and not args.self_check:
        ap.error("nothing to do: give --tool, --verify-with, --dump or --self-check")

    tmp = None
    out_dir = args.out_dir
    if out_dir is None:
        tmp = tempfile.mkdtemp(prefix="memlint-fuzz-")
        out_dir = tmp
    os.makedirs(out_dir, exist_ok=True)

    progs = []
    stats = {"correct": 0, "buggy": 0}
    rule_count = {r: 0 for r in RULES}
    for s in seeds:
        p = make_program(s, 0.0 if args.self_check else args.buggy_ratio)
        p.path = os.path.join(out_dir, "seed_%d.mlir" % s)
        with open(p.path, "w") as fh:
            fh.write(p.text)
        progs.append(p)
        stats["buggy" if p.truth else "correct"] += 1
        for (rule, _) in p.truth:
            rule_count[rule] += 1
        if args.dump:
            print("=== seed %d (%s) ===" % (s, ", ".join(p.mutations) or "no mutation"))
            print(numbered(p.text))
            print("  expected:")
            sys.stdout.write(fmt_findings(p.truth))
        if args.self_check:
            again = ground_truth(parse_module(p.text))
            if again != p.truth:
                print("ROUND-TRIP FAILED: seed %d" % s)
                print(numbered(p.text))
                sys.stdout.write(fmt_findings(p.truth) + "  vs reparsed:\n" + fmt_findings(again))
                return 1
        if args.self_check and p.truth:
            print("SELF-CHECK FAILED: seed %d has findings without mutation" % s)
            print(numbered(p.text))
            sys.stdout.write(fmt_findings(p.truth))
            return 1
    if args.self_check:
        print("self-check: %d unmutated programs have no expected finding and "
              "survive a print/parse round trip" % len(progs))

    pool = concurrent.futures.ThreadPoolExecutor(max(1, args.jobs))
    bad_verify = 0
    if args.verify_with:
        results = list(pool.map(lambda p: verify(args.verify_with, p.path), progs))
        for p, (ok, err) in zip(progs, results):
            if not ok:
                bad_verify += 1
                print("=== seed %d: generated program does not verify ===" % p.seed)
                print(numbered(p.text))
                print(err)
        if not args.tool:
            print("%d programs generated (%d correct, %d with bugs), %d do not verify" % (
                len(progs), stats["correct"], stats["buggy"], bad_verify))

    if not args.tool:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
        return 1 if bad_verify else 0

    results = list(pool.map(lambda p: run_tool(args.tool, p.path, args.timeout), progs))
    passed = failed = 0
    paths_agree = paths_total = 0
    miss_by_rule = {r: 0 for r in RULES}
    extra_by_rule = {r: 0 for r in RULES}
    if args.keep_failures:
        os.makedirs(args.keep_failures, exist_ok=True)
    failing = []
    for p, (found, err) in zip(progs, results):
        exp = set(p.truth)
        ok = err is None and set(found) == exp
        if err is None:
            for k in exp & set(found):
                paths_total += 1
                paths_agree += (p.truth[k][1] == found[k])
        if ok:
            passed += 1
        else:
            failing.append((p, found, err))
    reduced = [None] * len(failing)
    if args.reduce and failing:
        red_dir = tempfile.mkdtemp(prefix="memlint-reduce-")
        reduced = list(pool.map(
            lambda x: reduce_program(x[0], args.tool, args.timeout, args.verify_with, red_dir),
            failing))
        shutil.rmtree(red_dir, ignore_errors=True)
    for (p, found, err), red in zip(failing, reduced):
        exp = set(p.truth)
        failed += 1
        report = "=== seed %d: MISMATCH (%s) ===\n" % (
            p.seed, ", ".join(p.mutations) or "no mutation")
        report += "file: %s\n%s\n" % (p.path, numbered(p.text))
        report += "  expected:\n" + fmt_findings(p.truth)
        if err:
            report += "  tool error: %s\n" % err
        else:
            report += "  actual:\n" + fmt_findings(found, truth=False)
            missing = sorted(exp - set(found), key=lambda k: (k[1], k[0]))
            extra = sorted(set(found) - exp, key=lambda k: (k[1], k[0]))
            for k in missing:
                miss_by_rule[k[0]] += 1
                report += "  MISSING    %s line %d\n" % k
            for k in extra:
                extra_by_rule[k[0]] += 1
                report += "  UNEXPECTED %s line %d\n" % k
        if red is not None:
            rtext, rtruth, rfound, rerr = red
            report += "  reduced reproducer (%d lines):\n%s\n" % (
                len(rtext.splitlines()), numbered(rtext))
            report += "    expected:\n" + fmt_findings(rtruth, indent=6)
            if rerr:
                report += "    tool error: %s\n" % rerr
            else:
                report += "    actual:\n" + fmt_findings(rfound, truth=False, indent=6)
        if not args.quiet:
            print(report)
        if args.keep_failures and red is not None:
            with open(os.path.join(args.keep_failures, "seed_%d.reduced.mlir" % p.seed), "w") as fh:
                fh.write(red[0])
        if args.keep_failures:
            base = os.path.join(args.keep_failures, "seed_%d" % p.seed)
            with open(base + ".mlir", "w") as fh:
                fh.write(p.text)
            with open(base + ".txt", "w") as fh:
                fh.write(report)
            with open(base + ".json", "w") as fh:
                json.dump({
                    "seed": p.seed,
                    "mutations": p.mutations,
                    "expected": [{"rule": r, "line": l, "paths": "all" if p.truth[(r, l)][1] else "some"}
                                 for (r, l) in sorted(p.truth, key=lambda k: (k[1], k[0]))],
                    "actual": None if err else [
                        {"rule": r, "line": l, "paths": "all" if found[(r, l)] else "some"}
                        for (r, l) in sorted(found, key=lambda k: (k[1], k[0]))],
                    "error": err,
                }, fh, indent=1)
    print("programs: %d correct, %d with expected findings; expected findings per rule: %s" % (
        stats["correct"], stats["buggy"],
        ", ".join("%s=%d" % (r, rule_count[r]) for r in RULES)))
    print("missing findings per rule: %s" % ", ".join("%s=%d" % kv for kv in miss_by_rule.items()))
    print("unexpected findings per rule: %s" % ", ".join("%s=%d" % kv for kv in extra_by_rule.items()))
    print("paths field agreement (not a failure): %d/%d matched findings" % (paths_agree, paths_total))
    print("%d passed, %d failed" % (passed, failed))
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed or bad_verify else 0


if __name__ == "__main__":
    sys.exit(main())
