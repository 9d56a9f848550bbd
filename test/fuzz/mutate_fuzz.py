#!/usr/bin/env python3
"""Mutation fuzzer of mlir-memlint: hostile inputs in every mode, checked by
oracles that need no ground truth (DESIGN.md section 10, issue 17).

Each seed number N (stable for a given source tree) picks a mode by rotation
and, with a random.Random seeded by N, the inputs and their mutations:

  inputs     .mlir files of examples/, test/ (Inputs folders included) and the
             shared corpus (../shared/corpus, real MLIR tests: linted with
             --split-input-file --allow-unregistered-dialect); MiniMalloc CSVs
             (generated, test/tool/Inputs, the benchmark set); .mlir-memlint.yaml
             configs (test/ and generated); SARIF baselines written by the tool
             itself (--write-baseline on an unmutated seed, cached).
  mutations  byte level (bit flips, inserted/deleted/duplicated bytes and
             chunks, truncation, splices of two files, CRLF, deep brackets, rare
             NUL and invalid UTF-8) and IR level (SSA names swapped or
             replaced, lines deleted/duplicated/moved, integer constants and
             memref dims set to extremes (0, -1, 2^31, 2^63-1, 2^64,
             4294967296...), element types and alignments changed, deallocs
             swapped/dropped/duplicated/added, scf.for bounds set to extreme
             constants, ops renamed within their dialect, regions nested
             (bounded), NOLINT comments, '// -----' splits, functions
             duplicated); CSV (huge, negative and 2^63/2^64 sizes, lower >=
             upper, duplicate ids, missing or extra columns), YAML and SARIF
             (invalid syntax, deep nesting, unknown keys, wrong types).
  modes      lint (--json, --sarif, random flags), fix (--fix twice, --fix on
             stdin), viz, plan, plan --from-csv, jobs (-j 2 against -j 1),
             split (--split-input-file), config (.mlir-memlint.yaml lookup,
             --config-file, --dump-config round trip), baseline, merge-sarif.

Oracles: the exit code is 0, 1 or 2 (no signal, no timeout: --timeout CPU
seconds, 4 times that of wall time); no sanitizer
report (ASan/UBSan/LSan logs, the options of test/sanitize/lit_sanitize.py);
nothing printed that says crash or internal error; every JSON report, plan and
SARIF log parses, has its documented shape and figures that add up (and
validates against the schemas when python3-jsonschema is there); the exit code
agrees with the findings; SARIF and JSON list the same findings; every plan
is validated here with Python integers (no two buffers live at the same time
overlap, offsets aligned and non-negative, the arena is the highest top, the
lower bound is the max over time of the live bytes, no arena below it, sizes
equal the CSV's or the memref type's); --fix leaves a file that parses when
the input did, a second --fix changes nothing (unless the first said that its
fix-validation budget left fix-its untried), --fix on stdin prints the same
text; each proposed fix-it alone gives a file that parses; -j 2 prints what
-j 1 prints; --dump-config reads back to the same text; no file is left behind
(the folders and TMPDIR are listed before and after each run).

Failures are kept under OUT_DIR/failures/seed_N/ (inputs as mutated, the
outputs, report.txt with every command, exit code and output, repro.sh); the
run goes on and ends with "N passed, M failed" (exit 1 if any failed).

usage: mutate_fuzz.py --tool mlir-memlint --seeds 0:200 [--out-dir DIR] [--jobs N]
Standard library only (Python 3.8+). See README.md, "Mutation fuzzer".
"""
import argparse
import collections
import hashlib
import html.parser
import json
import multiprocessing
import math
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(os.path.dirname(HERE))

RULES = ["lifetime-leak", "lifetime-double-free", "lifetime-use-after-free",
         "lifetime-invalid-free", "lifetime-alloca-in-loop", "memlint-incomplete",
         "memlint-nolint", "perf-late-dealloc", "perf-loop-invariant-alloc",
         "perf-missed-reuse", "perf-peak-over-budget"]

INTERESTING_INTS = ["0", "1", "-1", "2", "3", "7", "16", "255", "256", "-2", "1024",
                    "2147483647", "2147483648", "-2147483648", "4294967295", "4294967296",
                    "4611686018427387904", "9223372036854775807", "9223372036854775808",
                    "-9223372036854775808", "18446744073709551615", "18446744073709551616",
                    "340282366920938463463374607431768211456"]
HUGE_DIMS = ["0", "1", "2", "3", "65536", "2147483648", "4294967295", "4294967296",
             "1099511627776", "4611686018427387904", "9223372036854775807",
             "18446744073709551616", "?"]
ELEM_TYPES = ["i1", "i8", "i16", "i32", "i64", "i128", "i3", "i65", "i1024", "i16777215",
              "f16", "bf16", "f32", "f64", "f80", "f128", "index", "complex<f32>",
              "vector<4xf32>", "vector<4x4xf64>", "ui8", "si32", "tf32", "f8E4M3FN"]
ENDINGS_NO_RESULT = re.compile(r"^\s*(memref\.(store|dealloc|copy)|linalg\.fill|func\.call|"
                               r"memref\.prefetch|affine\.store|\"?test\.)")
TERMINATORS = re.compile(r"^\s*(return|func\.return|scf\.yield|scf\.condition|cf\.br|"
                         r"cf\.cond_br|cf\.switch|\}|\^)")
SSA = re.compile(r"%[A-Za-z_0-9$.\-]+(?:#\d+)?")
INT_TOKEN = re.compile(r"(?<![\w%#@.^$\-])-?\d+(?![\w.])")
OP_NAME = re.compile(r"(?<![\w.%@^#!\"])(memref|arith|scf|cf|func|bufferization|gpu|linalg|"
                     r"affine|vector|tensor|math|async|index|ml_program)\.([a-z][a-z0-9_]*)"
                     r"(?=[\s(<{\"])")
FUNC_LINE = re.compile(r"^\s*func\.func\b.*\{\s*$")
SPLIT = "// -----"

# Sanitizer settings of the suite (test/sanitize/lit_sanitize.py).
SAN_COMMON = "abort_on_error=1:halt_on_error=1:print_stacktrace=1:disable_coredump=1"
CRASH_MARKERS = ["AddressSanitizer", "LeakSanitizer", "UndefinedBehaviorSanitizer",
                 "runtime error:", "Stack dump:", "PLEASE submit a bug report",
                 "LLVM ERROR", "Assertion `", "terminate called", "internal error",
                 "Segmentation fault", "stack-overflow"]


def dec(b):
    return b.decode("utf-8", "surrogateescape")


def enc(s):
    return s.encode("utf-8", "surrogateescape")


# --------------------------------------------------------------------------
# Seeds
# --------------------------------------------------------------------------

class Seeds:
    def __init__(self, corpus):
        self.mlir = []      # (name, bytes, is_corpus)
        self.csv = []       # (name, text)
        self.yaml = []      # (name, text)
        skip = {"__pycache__", ".git", "build"}
        for top in ("examples", "test"):
            base = os.path.join(SRC, top)
            for dirpath, dirnames, files in os.walk(base):
                dirnames[:] = sorted(d for d in dirnames if d not in skip)
                for f in sorted(files):
                    path = os.path.join(dirpath, f)
                    rel = os.path.relpath(path, SRC)
                    try:
                        data = open(path, "rb").read()
                    except OSError:
                        continue
                    if f.endswith(".mlir"):
                        self.mlir.append((rel, data, False))
                    elif f.endswith(".csv"):
                        self.csv.append((rel, dec(data)))
                    elif f.endswith(".yaml") and ("memlint" in f or "config" in f):
                        self.yaml.append((rel, dec(data)))
        if corpus and os.path.isdir(corpus):
            for dirpath, dirnames, files in os.walk(corpus):
                dirnames.sort()
                for f in sorted(files):
                    if f.endswith(".mlir"):
                        path = os.path.join(dirpath, f)
                        self.mlir.append((os.path.relpath(path, os.path.dirname(corpus)),
                                          open(path, "rb").read(), True))
        bench = os.path.join(SRC, "..", "shared", "benchmarks", "minimalloc")
        if os.path.isdir(bench):
            for dirpath, dirnames, files in os.walk(bench):
                dirnames.sort()
                for f in sorted(files):
                    if f.endswith(".csv"):
                        path = os.path.join(dirpath, f)
                        self.csv.append((os.path.relpath(path, bench), dec(open(path, "rb").read())))
        # Seeds with the test dialect's custom syntax never parse here (its plugin is not
        # loaded): picked less often. Seeds with generic unregistered ops need
        # --allow-unregistered-dialect.
        self.testdialect = set()
        self.unreg = set()
        for name, data, _ in self.mlir:
            t = dec(data)
            if re.search(r'(?m)^[^/"]*\btest\.[a-z_]+[ (]', t):
                self.testdialect.add(name)
            if re.search(r'"[a-z_]+\.[a-z_.]+"\s*\(', t):
                self.unreg.add(name)
        self.project = [s for s in self.mlir if not s[2] and s[0] not in self.testdialect]
        self.corpus = [s for s in self.mlir if s[2] and s[0] not in self.testdialect]
        self.rest = [s for s in self.mlir if s[0] in self.testdialect]
        # Op names seen, by dialect, for renames within a dialect.
        self.ops = collections.defaultdict(set)
        for _, data, _ in self.mlir:
            for m in OP_NAME.finditer(dec(data)):
                self.ops[m.group(1)].add(m.group(2))
        self.ops = {k: sorted(v) for k, v in self.ops.items()}

    def pick_mlir(self, rng):
        r = rng.random()
        pool = self.rest if self.rest and r < 0.08 else \
            self.corpus if self.corpus and r < 0.5 else self.project
        return rng.choice(pool)


# --------------------------------------------------------------------------
# Byte-level mutations
# --------------------------------------------------------------------------

PUNCT = b"{}()[]<>%@^#:,=x?\"\n\\ -.0123456789abcdefi"


def rand_bytes(rng, n):
    return bytes(rng.choice(PUNCT) if rng.random() < 0.8 else rng.randrange(256)
                 for _ in range(n))


def b_flip(rng, d, ctx):
    if not d:
        return d
    i = rng.randrange(len(d))
    return d[:i] + bytes([d[i] ^ (1 << rng.randrange(8))]) + d[i + 1:]


def b_set(rng, d, ctx):
    if not d:
        return d
    i = rng.randrange(len(d))
    return d[:i] + rand_bytes(rng, 1) + d[i + 1:]


def b_insert(rng, d, ctx):
    i = rng.randrange(len(d) + 1)
    return d[:i] + rand_bytes(rng, rng.randint(1, 16)) + d[i:]


def b_delete(rng, d, ctx):
    if not d:
        return d
    i = rng.randrange(len(d))
    return d[:i] + d[i + rng.randint(1, min(256, len(d) - i)):]


def b_dup(rng, d, ctx):
    if not d:
        return d
    i = rng.randrange(len(d))
    chunk = d[i:i + rng.randint(1, 512)]
    j = rng.randrange(len(d) + 1)
    return d[:j] + chunk * rng.choice([1, 1, 2, 8]) + d[j:]


def b_truncate(rng, d, ctx):
    return d[:rng.randrange(len(d) + 1)]


def b_splice(rng, d, ctx):
    other = ctx.seeds.pick_mlir(rng)[1]
    i, j = rng.randrange(len(d) + 1), rng.randrange(len(other) + 1)
    if rng.random() < 0.5:  # at line boundaries
        i = d.rfind(b"\n", 0, i) + 1
        j = other.rfind(b"\n", 0, j) + 1
    return d[:i] + other[j:]


def b_insert_other(rng, d, ctx):
    other = ctx.seeds.pick_mlir(rng)[1]
    a = rng.randrange(len(other) + 1)
    chunk = other[a:a + rng.randint(1, 2000)]
    i = rng.randrange(len(d) + 1)
    return d[:i] + chunk + d[i:]


def b_nul(rng, d, ctx):
    i = rng.randrange(len(d) + 1)
    return d[:i] + b"\0" * rng.choice([1, 1, 4]) + d[i:]


def b_bad_utf8(rng, d, ctx):
    i = rng.randrange(len(d) + 1)
    bad = rng.choice([b"\xff", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
                      b"\xef\xbb\xbf", b"\xc0\xaf", b"\x80\x80\x80"])
    return d[:i] + bad + d[i:]


def b_brackets(rng, d, ctx):
    i = rng.randrange(len(d) + 1)
    ch = rng.choice([b"{", b"(", b"[", b"<", b"\"", b"{\n", b"}", b"memref<", b"(("])
    n = rng.choice([8, 64, 300, 1000, 3000])
    return d[:i] + ch * n + d[i:]


def b_crlf(rng, d, ctx):
    if rng.random() < 0.7:
        return d.replace(b"\n", b"\r\n")
    i = rng.randrange(len(d) + 1)
    return d[:i] + b"\r" + d[i:]


def b_long(rng, d, ctx):
    i = rng.randrange(len(d) + 1)
    return d[:i] + rng.choice([b"x", b"9", b"%a", b" ", b"\t"]) * rng.choice([1000, 20000]) + d[i:]


BYTE_MUTATORS = [(b_flip, 10), (b_set, 8), (b_insert, 10), (b_delete, 10), (b_dup, 6),
                 (b_truncate, 5), (b_splice, 4), (b_insert_other, 4), (b_nul, 1),
                 (b_bad_utf8, 1), (b_brackets, 2), (b_crlf, 2), (b_long, 1)]


# --------------------------------------------------------------------------
# IR-level mutations (on text; None when not applicable)
# --------------------------------------------------------------------------

def ssa_names(text):
    return sorted(set(m.group(0) for m in SSA.finditer(text)))


def name_re(name):
    return re.compile(re.escape(name) + r"(?![A-Za-z_0-9$.\-])")


def m_swap_names(rng, t, ctx):
    names = ssa_names(t)
    if len(names) < 2:
        return None
    a, b = rng.sample(names, 2)
    tmp = "%__fz_tmp__"
    t = name_re(a).sub(tmp, t)
    t = name_re(b).sub(a, t)
    return t.replace(tmp, b)


def m_replace_use(rng, t, ctx):
    occ = list(SSA.finditer(t))
    if len(occ) < 2:
        return None
    m = rng.choice(occ)
    other = rng.choice(occ).group(0)
    return t[:m.start()] + other + t[m.end():]


def lines_of(t):
    return t.split("\n")


def m_delete_line(rng, t, ctx):
    ls = lines_of(t)
    if len(ls) < 2:
        return None
    del ls[rng.randrange(len(ls))]
    return "\n".join(ls)


def m_dup_line(rng, t, ctx):
    ls = lines_of(t)
    i = rng.randrange(len(ls))
    ls.insert(i, ls[i])
    return "\n".join(ls)


def m_move_line(rng, t, ctx):
    ls = lines_of(t)
    if len(ls) < 3:
        return None
    line = ls.pop(rng.randrange(len(ls)))
    ls.insert(rng.randrange(len(ls) + 1), line)
    return "\n".join(ls)


def m_swap_lines(rng, t, ctx):
    ls = lines_of(t)
    if len(ls) < 3:
        return None
    i = rng.randrange(len(ls))
    j = min(len(ls) - 1, max(0, i + rng.randint(-6, 6)))
    ls[i], ls[j] = ls[j], ls[i]
    return "\n".join(ls)


def m_int(rng, t, ctx):
    occ = list(INT_TOKEN.finditer(t))
    if not occ:
        return None
    m = rng.choice(occ)
    return t[:m.start()] + rng.choice(INTERESTING_INTS) + t[m.end():]


def m_dims(rng, t, ctx):
    occ = [m for m in re.finditer(r"(memref|tensor|vector)<((?:(?:\d+|\?)x)+)", t)]
    if not occ:
        return None
    m = rng.choice(occ)
    dims = m.group(2)[:-1].split("x")
    r = rng.random()
    if r < 0.6:
        dims[rng.randrange(len(dims))] = rng.choice(HUGE_DIMS)
    elif r < 0.8:
        dims = [rng.choice(HUGE_DIMS[5:]) for _ in dims]
    else:
        dims = dims + [rng.choice(HUGE_DIMS)] * rng.randint(1, 3)
    return t[:m.start(2)] + "x".join(dims) + "x" + t[m.end(2):]


def m_elem(rng, t, ctx):
    occ = list(re.finditer(r"(?<=[x<])(f16|bf16|f32|f64|i1|i8|i32|i64|index)(?=[,>])", t))
    if not occ:
        return None
    m = rng.choice(occ)
    return t[:m.start()] + rng.choice(ELEM_TYPES) + t[m.end():]


def m_alignment(rng, t, ctx):
    occ = list(re.finditer(r"alignment = (-?\d+)", t))
    val = rng.choice(["0", "1", "3", "6", "4096", "1099511627776", "-1", "4294967296",
                      "9223372036854775808", "18446744073709551616"])
    if occ and rng.random() < 0.6:
        m = rng.choice(occ)
        return t[:m.start(1)] + val + t[m.end(1):]
    occ = list(re.finditer(r"memref\.(alloc|alloca)\(([^()]*)\)", t))
    if not occ:
        return None
    m = rng.choice(occ)
    return t[:m.end()] + " {alignment = %s : i64}" % val + t[m.end():]


def dealloc_lines(ls):
    return [i for i, l in enumerate(ls) if "dealloc" in l and not l.lstrip().startswith("//")]


def m_swap_deallocs(rng, t, ctx):
    ls = lines_of(t)
    ds = dealloc_lines(ls)
    if len(ds) < 2:
        return None
    i, j = rng.sample(ds, 2)
    ls[i], ls[j] = ls[j], ls[i]
    return "\n".join(ls)


def m_drop_dealloc(rng, t, ctx):
    ls = lines_of(t)
    ds = dealloc_lines(ls)
    if not ds:
        return None
    del ls[rng.choice(ds)]
    return "\n".join(ls)


def m_dup_dealloc(rng, t, ctx):
    ls = lines_of(t)
    ds = dealloc_lines(ls)
    if not ds:
        return None
    i = rng.choice(ds)
    ls.insert(i + rng.randint(1, 3), ls[i])
    return "\n".join(ls)


DEF_MEMREF = re.compile(r"^(\s*)(%[A-Za-z_0-9$.\-]+) = .*:\s*(memref<.*>)\s*$")


def m_add_dealloc(rng, t, ctx):
    ls = lines_of(t)
    defs = [(i, m) for i, l in enumerate(ls) for m in [DEF_MEMREF.match(l)] if m]
    if not defs:
        return None
    i, m = rng.choice(defs)
    typ = m.group(3)
    if " to " in typ:  # a view: 'memref<..> to memref<..>'
        typ = typ.split(" to ")[-1]
    j = min(len(ls), i + 1 + rng.randint(0, 12))
    ls.insert(j, "%smemref.dealloc %s : %s" % (m.group(1), m.group(2), typ))
    return "\n".join(ls)


FOR_LINE = re.compile(r"scf\.for (%[\w$.\-]+) = (%[\w$.\-]+) to (%[\w$.\-]+) step (%[\w$.\-]+)")


def m_for_bounds(rng, t, ctx):
    ls = lines_of(t)
    fors = [(i, m) for i, l in enumerate(ls) for m in [FOR_LINE.search(l)] if m]
    if not fors:
        return None
    i, m = rng.choice(fors)
    which = rng.choice([2, 3, 3, 4])
    val = rng.choice(["0", "1", "2", "-1", "-2", "2147483648", "9223372036854775807",
                      "-9223372036854775808", "4611686018427387904", "1000000", "3"])
    typ = "index"
    rest = ls[i][m.end():]
    mt = re.search(r":\s*(i\d+)", rest.split("{")[0])
    if mt:
        typ = mt.group(1)
    name = "%%fz_b%d" % rng.randrange(1000)
    indent = re.match(r"\s*", ls[i]).group(0)
    line = ls[i]
    ls[i] = line[:m.start(which)] + name + line[m.end(which):]
    ls.insert(i, "%s%s = arith.constant %s : %s" % (indent, name, val, typ))
    return "\n".join(ls)


def m_rename_op(rng, t, ctx):
    occ = list(OP_NAME.finditer(t))
    if not occ:
        return None
    m = rng.choice(occ)
    choices = ctx.seeds.ops.get(m.group(1)) or [m.group(2)]
    return t[:m.start(2)] + rng.choice(choices) + t[m.end(2):]


def m_nest(rng, t, ctx):
    """Wraps a result-less op in nested regions (bounded depth)."""
    ls = lines_of(t)
    cands = [i for i, l in enumerate(ls) if ENDINGS_NO_RESULT.match(l) and
             not l.rstrip().endswith("{")]
    if not cands:
        return None
    i = rng.choice(cands)
    depth = rng.choice([2, 8, 30, 100, 300, 1000])
    kind = rng.choice(["exec", "if", "for"])
    indent = re.match(r"\s*", ls[i]).group(0)
    pre, post = [], []
    if kind == "exec":
        pre = ["%sscf.execute_region {" % indent] * depth
        post = ["%sscf.yield\n%s}" % (indent, indent)] * depth
    elif kind == "if":
        pre = ["%s%%fz_t = arith.constant true" % indent] + \
            ["%sscf.if %%fz_t {" % indent] * depth
        post = ["%s}" % indent] * depth
    else:
        depth = min(depth, rng.choice([2, 8, 24, 64]))
        trip = rng.choice(["%fz_c2", "%fz_c0", "%fz_n"])
        pre = ["%s%%fz_c0 = arith.constant 0 : index" % indent,
               "%s%%fz_c1 = arith.constant 1 : index" % indent,
               "%s%%fz_c2 = arith.constant 2 : index" % indent,
               "%s%%fz_n = index.casts %%fz_c2 : index to index" % indent
               if False else "%s%%fz_n = arith.addi %%fz_c1, %%fz_c1 : index" % indent]
        pre += ["%sscf.for %%fz_i%d = %%fz_c0 to %s step %%fz_c1 {" % (indent, k, trip)
                for k in range(depth)]
        post = ["%s}" % indent] * depth
    return "\n".join(ls[:i] + pre + [ls[i]] + post + ls[i + 1:])


def m_split(rng, t, ctx):
    ls = lines_of(t)
    for _ in range(rng.randint(1, 3)):
        ls.insert(rng.randrange(len(ls) + 1),
                  rng.choice([SPLIT, SPLIT, SPLIT, "//-----", "// ----- x", "// -----//"]))
    return "\n".join(ls)


NOLINTS = ["// NOLINT", "// NOLINT(lifetime-*)", "// NOLINT(lifetime-leak)", "// NOLINT(*)",
           "// NOLINTNEXTLINE", "// NOLINTNEXTLINE(lifetime-double-free)",
           "// NOLINTBEGIN", "// NOLINTEND", "// NOLINTBEGIN(lifetime-leak)",
           "// NOLINTEND(lifetime-leak)", "// NOLINT(", "// NOLINT()", "// NOLINT(,,)",
           "// NOLINT(lifetime-*", "// NOLINTNEXTLINE(nonexistent-rule)", "// NOLINTEND(*)",
           "// NOLINT(perf-*,lifetime-use-after-free)", "// NOLINTBEGIN(" + "x" * 3000 + ")"]


def m_nolint(rng, t, ctx):
    ls = lines_of(t)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(ls))
        c = rng.choice(NOLINTS)
        if rng.random() < 0.5:
            ls[i] = ls[i] + "  " + c
        else:
            ls.insert(i, c)
    return "\n".join(ls)


def m_dup_function(rng, t, ctx):
    ls = lines_of(t)
    starts = [i for i, l in enumerate(ls) if FUNC_LINE.match(l)]
    if not starts:
        return None
    s = rng.choice(starts)
    indent = re.match(r"\s*", ls[s]).group(0)
    e = next((k for k in range(s + 1, len(ls)) if ls[k] == indent + "}"), None)
    if e is None:
        return None
    body = ls[s:e + 1]
    if rng.random() < 0.7:
        k = rng.randrange(1000)
        body = [re.sub(r"@([\w$.\-]+)", r"@\1_fz%d" % k, body[0], count=1)] + body[1:]
    return "\n".join(ls[:e + 1] + body * rng.choice([1, 1, 3, 20]) + ls[e + 1:])


def m_call_target(rng, t, ctx):
    calls = list(re.finditer(r"(func\.call|call) @([\w$.\-]+)", t))
    funcs = re.findall(r"func\.func (?:private )?@([\w$.\-]+)", t)
    if not calls or not funcs:
        return None
    m = rng.choice(calls)
    return t[:m.start(2)] + rng.choice(funcs) + t[m.end(2):]


def m_unicode(rng, t, ctx):
    occ = list(SSA.finditer(t))
    s = rng.choice(["é", "漢字", "\u202e", "\U0001F600", "\u00a0", "\ufeff", "ß" * 100])
    if occ and rng.random() < 0.5:
        m = rng.choice(occ)
        return t[:m.end()] + s + t[m.end():]
    ls = lines_of(t)
    i = rng.randrange(len(ls))
    ls[i] = ls[i] + " // " + s
    return "\n".join(ls)


def m_many_allocs(rng, t, ctx):
    ls = lines_of(t)
    starts = [i for i, l in enumerate(ls) if FUNC_LINE.match(l)]
    if not starts:
        return None
    s = rng.choice(starts)
    n = rng.choice([10, 50, 200, 600])
    typ = rng.choice(["memref<16xf32>", "memref<4294967296x4294967296xi8>", "memref<8xi64, 1>",
                      "memref<1024x1024xf64>"])
    op = rng.choice(["memref.alloc()", "memref.alloca()"])
    new = ["  %%fz_a%d = %s : %s" % (k, op, typ) for k in range(n)]
    if rng.random() < 0.5:
        new += ["  memref.dealloc %%fz_a%d : %s" % (k, typ)
                for k in rng.sample(range(n), n // 2)]
    return "\n".join(ls[:s + 1] + new + ls[s + 1:])


IR_MUTATORS = [(m_swap_names, 6), (m_replace_use, 8), (m_delete_line, 8), (m_dup_line, 6),
               (m_move_line, 4), (m_swap_lines, 4), (m_int, 8), (m_dims, 6), (m_elem, 3),
               (m_alignment, 3), (m_swap_deallocs, 5), (m_drop_dealloc, 6), (m_dup_dealloc, 5),
               (m_add_dealloc, 6), (m_for_bounds, 5), (m_rename_op, 5), (m_nest, 2),
               (m_split, 2), (m_nolint, 3), (m_dup_function, 2), (m_call_target, 2),
               (m_unicode, 1), (m_many_allocs, 1)]


def weighted(rng, table):
    total = sum(w for _, w in table)
    r = rng.uniform(0, total)
    for f, w in table:
        r -= w
        if r <= 0:
            return f
    return table[-1][0]


def mutate_mlir(rng, data, ctx, byte_ratio=0.3, max_n=4):
    """Returns (bytes, list of mutation names)."""
    names = []
    n = 1 + min(max_n - 1, int(rng.expovariate(1.2)))
    for _ in range(n):
        if rng.random() < byte_ratio:
            f = weighted(rng, BYTE_MUTATORS)
            data = f(rng, data, ctx)
            names.append(f.__name__)
        else:
            for _attempt in range(4):
                f = weighted(rng, IR_MUTATORS)
                out = f(rng, dec(data), ctx)
                if out is not None:
                    data = enc(out)
                    names.append(f.__name__)
                    break
        if len(data) > 400000:  # keep runs short
            data = data[:400000]
    return data, names


# --------------------------------------------------------------------------
# CSV, YAML and SARIF inputs and their mutations
# --------------------------------------------------------------------------

def gen_csv(rng):
    n = rng.choice([0, 1, 2, 3, 5, 8, 12, 20, 40])
    align = rng.random() < 0.25
    rows = []
    for k in range(n):
        lower = rng.randrange(0, 60)
        upper = lower + rng.randint(1, 40)
        r = rng.random()
        if r < 0.55:
            size = rng.choice([1, 4, 8, 16, 100, 1024, 4096, rng.randint(1, 100000)])
        elif r < 0.7:
            size = 1 << rng.randrange(0, 62)
        elif r < 0.8:
            size = rng.choice([2 ** 62, 2 ** 62 + 1, 2 ** 63 - 1, 2 ** 61, 3 * 2 ** 60,
                               2 ** 40, 2 ** 32, 2 ** 31])
        elif r < 0.88:
            size = rng.choice([2 ** 63, 2 ** 64 - 1, 2 ** 64, 2 ** 65, 10 ** 30])
        elif r < 0.94:
            size = 0
        else:
            size = rng.choice([-1, -2 ** 63, -(2 ** 64)])
        if rng.random() < 0.04:
            lower, upper = upper, lower
        if rng.random() < 0.03:
            upper = lower
        ident = str(k) if rng.random() < 0.7 else "b%d" % k
        if rows and rng.random() < 0.05:
            ident = rows[-1][0]
        row = [ident, str(lower), str(upper), str(size)]
        if align:
            row.append(str(rng.choice([1, 2, 4, 8, 64, 4096, 0, 3, 2 ** 40, 2 ** 63])
                       if rng.random() < 0.9 else rng.choice([1, 8])))
        rows.append(row)
    if rows and rng.random() < 0.3:  # a few buffers live together, huge
        big = rng.choice([2 ** 62, 2 ** 61 + 1, 2 ** 63 - 1, 2 ** 60 * 3])
        for k in range(rng.randint(2, 4)):
            row = ["h%d" % k, "0", "10", str(big)]
            if align:
                row.append("1")
            rows.append(row)
    head = "id,lower,upper,size" + (",alignment" if align else "")
    return head + "\n" + "".join(",".join(r) + "\n" for r in rows)


def mutate_csv(rng, text, ctx):
    ls = text.split("\n")
    for _ in range(rng.randint(0, 3)):
        r = rng.random()
        body = [i for i in range(1, len(ls)) if ls[i]]
        if r < 0.12 and body:  # a missing column
            i = rng.choice(body)
            cells = ls[i].split(",")
            del cells[rng.randrange(len(cells))]
            ls[i] = ",".join(cells)
        elif r < 0.2 and body:  # an extra column
            i = rng.choice(body)
            ls[i] += "," + rng.choice(INTERESTING_INTS)
        elif r < 0.35 and body:  # a cell to an extreme
            i = rng.choice(body)
            cells = ls[i].split(",")
            j = rng.randrange(len(cells))
            cells[j] = rng.choice(INTERESTING_INTS + ["", " 5", "5 ", "+5", "0x10", "1e3",
                                                      "5.0", "abc", "-0", "00012"])
            ls[i] = ",".join(cells)
        elif r < 0.45 and body:  # duplicate rows
            i = rng.choice(body)
            ls.insert(i, ls[i])
        elif r < 0.5:  # header mutated or dropped
            ls[0] = rng.choice(["", "id,lower,upper", "id,upper,lower,size", "ID,LOWER,UPPER,SIZE",
                                "id,lower,upper,size,alignment,offset", "lower,upper,size",
                                "id,lower,upper,size,", "id;lower;upper;size"])
        elif r < 0.55:
            ls.insert(rng.randrange(len(ls) + 1), rng.choice(["", " ", "#x", ",,,", "\r"]))
        elif r < 0.6 and body:  # many rows
            i = rng.choice(body)
            ls[i + 1:i + 1] = [ls[i]] * rng.choice([50, 500, 2000])
        elif r < 0.65:
            return dec(mutate_bytes_only(rng, enc("\n".join(ls)), ctx))
        elif r < 0.7:
            return "\r\n".join(ls)
    return "\n".join(ls)


def mutate_bytes_only(rng, data, ctx, n=None):
    table = [(f, w) for f, w in BYTE_MUTATORS if f not in (b_splice, b_insert_other)]
    for _ in range(n or rng.randint(1, 3)):
        data = weighted(rng, table)(rng, data, ctx)
    return data


def rand_globs(rng):
    parts = []
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.4:
            parts.append(("-" if rng.random() < 0.4 else "") + rng.choice(RULES))
        elif r < 0.7:
            parts.append(rng.choice(["*", "-*", "lifetime-*", "-perf-*", "perf-*", "memlint-*",
                                     "-lifetime-*"]))
        else:
            parts.append(rng.choice(["lifetim-leak", "", "*-*", "x", "lifetime-leak ", "  ",
                                     "-", "**", "[", "lifetime-?eak"]))
    return ",".join(parts)


def gen_yaml(rng):
    ls = []
    keys = ["Checks", "WarningsAsErrors", "CheckOptions", "MemoryBudgets", "InheritParentConfig"]
    rng.shuffle(keys)
    for k in keys[:rng.randint(0, 5)]:
        if k in ("Checks", "WarningsAsErrors"):
            ls.append("%s: '%s'" % (k, rand_globs(rng)))
        elif k == "CheckOptions":
            ls.append("CheckOptions: {%s}" % ", ".join(
                "'%s.%s': %s" % (rng.choice(RULES + ["nope"]), rng.choice(["Opt", "MaxSteps", ""]),
                                 rng.choice(["1", "true", "x", "''"]))
                for _ in range(rng.randint(0, 2))))
        elif k == "MemoryBudgets":
            if rng.random() < 0.5:
                ls.append("MemoryBudgets: {%s}" % ", ".join(
                    "%s: %s" % (rng.choice(["0", "1", "'0'", "'#gpu.address_space<workgroup>'",
                                            "workgroup", "2"]),
                                rng.choice(INTERESTING_INTS + ["1.5", "0x10", "''", "[1]", "x"]))
                    for _ in range(rng.randint(0, 3))))
            else:
                ls.append("MemoryBudgets:")
                for _ in range(rng.randint(1, 3)):
                    ls.append("  '%s': %s" % (rng.choice(["0", "1", "3"]),
                                              rng.choice(["1", "8192", "65536", "1048576",
                                                          "9223372036854775807"])))
        else:
            ls.append("InheritParentConfig: %s" % rng.choice(["true", "false", "yes", "1", "maybe"]))
    return "\n".join(ls) + "\n"


def deep(rng, opener, closer, depth, inner="1"):
    return opener * depth + inner + closer * depth


def mutate_yaml(rng, text, ctx):
    r = rng.random()
    depth = rng.choice([10, 100, 1000, 5000, 20000] + ([60000] if rng.random() < 0.3 else []))
    if r < 0.1:
        key = rng.choice(["Checks", "CheckOptions", "MemoryBudgets", "Foo"])
        return text + "%s: %s\n" % (key, deep(rng, rng.choice(["{a: ", "["]),
                                                rng.choice(["}", "]"]), depth))
    if r < 0.15:
        return text + "CheckOptions:\n" + "".join("  " * (k + 1) + "k%d:\n" % k
                                                  for k in range(min(depth, 2000))) + \
            "  " * (min(depth, 2000) + 1) + "v\n"
    if r < 0.3:  # unknown keys, typos
        return text + rng.choice(["Chekcs: '*'\n", "checks: '*'\n", "MemoryBudget: {}\n",
                                  "WarningAsErrors: ''\n", "Foo: bar\n", "? complex\n: key\n",
                                  "InheritParentConfig: true\nInheritParentConfig: false\n",
                                  "Checks: '*'\n"])
    if r < 0.45:  # wrong types
        return text + rng.choice(["Checks: [a, b]\n", "Checks: {a: 1}\n", "Checks: 5\n",
                                  "Checks:\n", "Checks: ~\n", "MemoryBudgets: 'x'\n",
                                  "MemoryBudgets: [1, 2]\n", "MemoryBudgets: {0: -1}\n",
                                  "MemoryBudgets: {0: 0}\n", "MemoryBudgets: {0: 18446744073709551616}\n",
                                  "MemoryBudgets: {0: 1.5e3}\n", "MemoryBudgets: {? 0 : 5}\n",
                                  "CheckOptions: [x]\n", "CheckOptions: 'x'\n",
                                  "InheritParentConfig: [true]\n", "WarningsAsErrors: {}\n"])
    if r < 0.55:  # YAML features
        return rng.choice(["%YAML 1.2\n---\n" + text, text + "---\n" + text, "--- !!map\n" + text,
                           "a: &x [1, 2]\nb: *x\n" + text, "Checks: &c '-*,lifetime-leak'\n"
                           "WarningsAsErrors: *c\n", "\ufeff" + text, text.replace("  ", "\t"),
                           "Checks: !!str '*'\n", "{" + text, text + "}\n", "\"" + text,
                           "Checks: '" + "lifetime-leak," * 5000 + "'\n",
                           "Checks: " + "x" * 100000 + "\n", "", "# only a comment\n",
                           "...\n", "- a\n- b\n", "[]\n", "null\n"])
    if r < 0.75:
        return dec(mutate_bytes_only(rng, enc(text), ctx))
    return text


def mutate_json_doc(rng, doc):
    """Mutates a parsed JSON value in place at a random spot; returns the new root."""
    spots = []

    def walk(v, parent, key, d):
        spots.append((parent, key, v))
        if d > 12:
            return
        if isinstance(v, dict):
            for k in list(v):
                walk(v[k], v, k, d + 1)
        elif isinstance(v, list):
            for i, x in enumerate(v[:20]):
                walk(x, v, i, d + 1)
    walk(doc, None, None, 0)
    parent, key, v = rng.choice(spots)
    r = rng.random()
    repl = rng.choice([None, True, 0, -1, 2 ** 64, 1.5e308, "", "x", [], {}, "2.0.0",
                       "lifetime-leak", "0" * 32, [[]], {"a": None}])
    if parent is None:
        return repl if r < 0.2 else doc
    if r < 0.3 and isinstance(parent, dict):
        del parent[key]
    elif r < 0.45 and isinstance(parent, list):
        parent.insert(key, v)
    elif r < 0.55 and isinstance(parent, dict):
        parent[key + rng.choice(["x", ""]) if isinstance(key, str) else key] = repl
        parent["unknownKey"] = repl
    else:
        parent[key] = repl
    return doc


def mutate_sarif(rng, text, ctx):
    r = rng.random()
    if r < 0.45:
        try:
            doc = json.loads(text)
        except ValueError:
            return text
        for _ in range(rng.randint(1, 3)):
            doc = mutate_json_doc(rng, doc)
        return json.dumps(doc, indent=rng.choice([None, 1]))
    if r < 0.55:
        depth = rng.choice([10, 1000, 10000, 20000] + ([60000] if rng.random() < 0.3 else []))
        o, c = rng.choice([("[", "]"), ('{"a":', "}")])
        if rng.random() < 0.5:
            return deep(rng, o, c, depth, text)
        try:
            doc = json.loads(text)
            doc["runs"][0]["properties"] = "@@"
            return json.dumps(doc).replace('"@@"', deep(rng, o, c, depth))
        except (ValueError, KeyError, IndexError, TypeError):
            return text
    if r < 0.6:
        return rng.choice(["", "{}", "[]", "null", '{"version": "2.1.0"}',
                           '{"version": "2.1.0", "runs": []}',
                           '{"version": "2.1.0", "runs": [{}]}',
                           '{"version": "2.1.0", "runs": [{"results": [{}]}]}',
                           '{"version": "2.1.0", "runs": [{"results": null}]}',
                           '"\\ud800"', '{"a": 1e999999}', '{"a": 1, "a": 2}'])
    if r < 0.9:
        return dec(mutate_bytes_only(rng, enc(text), ctx))
    return text


# --------------------------------------------------------------------------
# Running the tool
# --------------------------------------------------------------------------

class Result:
    def __init__(self, cmd, cwd, rc, out, err, secs, timed_out, tool):
        self.cmd, self.cwd, self.rc, self.out, self.err = cmd, cwd, rc, out, err
        self.secs, self.timed_out, self.tool = secs, timed_out, tool


def limit_cpu(seconds):
    """In the child before exec: SIGXCPU after `seconds` of CPU time."""
    soft = max(1, int(math.ceil(seconds)))
    resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 5))


def snapshot(root):
    out = {}
    for dirpath, dirnames, files in os.walk(root):
        for f in files + [d + "/" for d in dirnames]:
            p = os.path.relpath(os.path.join(dirpath, f.rstrip("/")), root)
            out[p + ("/" if f.endswith("/") else "")] = True
    return set(out)


class Ctx:
    """Per-process settings and folders."""

    def __init__(self, args, seeds):
        self.args, self.seeds = args, seeds
        self.tool = args.tool
        self.mlir_opt = args.mlir_opt
        self.schemas = load_schemas(args) if args.schemas != "off" else {}
        self.outer_log = None
        m = re.search(r"log_path=([^:]+)", os.environ.get("ASAN_OPTIONS", ""))
        if m:
            self.outer_log = m.group(1)

    def setup_worker(self):
        self.wdir = os.path.join(self.args.work, "p%d" % os.getpid())
        self.san = os.path.join(self.wdir, "san")
        self.tmp = os.path.join(self.wdir, "tmp")
        for d in (self.san, self.tmp):
            os.makedirs(d, exist_ok=True)
        env = dict(os.environ)
        log = "log_path=" + os.path.join(self.san, "report")
        env["ASAN_OPTIONS"] = (SAN_COMMON + ":" + log + ":detect_leaks=1"
                               ":check_initialization_order=1:strict_init_order=1")
        env["UBSAN_OPTIONS"] = SAN_COMMON + ":" + log
        env["LSAN_OPTIONS"] = ("suppressions=" + os.path.join(SRC, "test", "sanitize", "lsan.supp") +
                               ":print_suppressions=0")
        env["TMPDIR"] = self.tmp
        env.pop("CLICOLOR_FORCE", None)
        env["NO_COLOR"] = "1"
        self.env = env


def load_schemas(args):
    try:
        import jsonschema  # noqa: F401  (optional: Debian's python3-jsonschema)
    except ImportError:
        return {}
    out = {}
    paths = {"report": os.path.join(SRC, "docs", "json-format.schema.json"),
             "plan": os.path.join(SRC, "docs", "plan-format.schema.json"),
             "sarif": args.sarif_schema}
    for kind, path in paths.items():
        if path and os.path.isfile(path):
            try:
                schema = json.load(open(path))
                cls = jsonschema.validators.validator_for(schema)
                out[kind] = cls(schema)
            except Exception:  # a schema being edited: skip it
                pass
    return out


class Case:
    def __init__(self, ctx, seed):
        self.ctx, self.seed = ctx, seed
        self.rng = random.Random(seed * 2654435761 + 12345)
        self.dir = os.path.join(ctx.wdir, "case")
        shutil.rmtree(self.dir, ignore_errors=True)
        os.makedirs(os.path.join(self.dir, "in"))
        os.makedirs(os.path.join(self.dir, "out"))
        self.log = []
        self.failures = []
        self.execs = 0
        self.inputs = {}      # relative path -> bytes as written (before the tool ran)
        self.notes = []
        self.need_unreg = False

    def path(self, rel):
        return os.path.join(self.dir, rel)

    def write(self, rel, data):
        if isinstance(data, str):
            data = enc(data)
        p = self.path(rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)
        self.inputs[rel] = data

    def read(self, rel):
        try:
            with open(self.path(rel), "rb") as f:
                return f.read()
        except OSError:
            return None

    def fail(self, msg):
        self.failures.append(msg)

    def run(self, args, stdin=None, tool=True, timeout=None, expect_new=(), check=True):
        """Runs the tool (or mlir-opt) in the case folder; checks the process
        oracles and that only `expect_new` files (globs over relative paths)
        appear."""
        ctx = self.ctx
        cmd = ([ctx.tool] if tool else []) + list(args)
        timeout = timeout or ctx.args.timeout
        before = snapshot(self.dir) if tool else None
        timed_out = False
        for attempt in range(61):
            try:
                # The limit is CPU time (SIGXCPU past it), so that a loaded machine
                # (a build beside the campaign) does not make false timeouts; the wall
                # clock backstops a process that blocks without computing.
                p = subprocess.Popen(cmd, cwd=self.dir, env=ctx.env, start_new_session=True,
                                     preexec_fn=lambda: limit_cpu(timeout),
                                     stdin=subprocess.PIPE if stdin is not None else
                                     subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                break
            except OSError:
                # The tool is being rebuilt: wait (5 minutes at most) and retry. Any other
                # error (E2BIG...) is the fuzzer's: raised, reported as a fuzzer exception.
                if not tool or os.access(cmd[0], os.X_OK) or attempt == 60:
                    raise
                time.sleep(5)
        t0 = time.time()
        try:
            out, err = p.communicate(stdin, timeout=4 * timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                pass
            out, err = p.communicate()
        cpu_out = p.returncode == -signal.SIGXCPU
        res = Result(cmd, self.dir, p.returncode, out, err, time.time() - t0,
                     timed_out or cpu_out, tool)
        self.log.append(res)
        if not tool:
            return res
        self.execs += 1
        if not check:
            return res
        name = " ".join(args[:6])
        if cpu_out:
            self.fail("timeout after %.0f s of CPU time: %s" % (timeout, name))
        elif timed_out:
            self.fail("timeout after %.0f s of wall time: %s" % (4 * timeout, name))
        elif res.rc < 0:
            try:
                sig = signal.Signals(-res.rc).name
            except ValueError:
                sig = str(-res.rc)
            self.fail("killed by %s: %s" % (sig, name))
        elif res.rc not in (0, 1, 2):
            self.fail("exit code %d: %s" % (res.rc, name))
        text = dec(err) + dec(out[-20000:] if len(out) > 20000 else out)
        for marker in CRASH_MARKERS:
            if marker in text and not (marker == "internal error" and "'internal error'" in text):
                self.fail("output says %r: %s" % (marker, name))
                break
        reports = sorted(os.listdir(ctx.san))
        if reports:
            first = ""
            os.makedirs(self.path("sanitizer"), exist_ok=True)
            for r in reports:
                src = os.path.join(ctx.san, r)
                body = open(src, "rb").read()
                first = first or dec(body).strip().split("\n")[0][:300]
                if ctx.outer_log:  # the suite's report folder (scripts/run_lit.py)
                    try:
                        shutil.copy(src, ctx.outer_log + "." + r)
                    except OSError:
                        pass
                shutil.move(src, self.path(os.path.join("sanitizer", r)))
            self.fail("sanitizer report: %s (%s)" % (first, name))
        left = os.listdir(ctx.tmp)
        if left:
            self.fail("left behind in TMPDIR: %s (%s)" % (", ".join(sorted(left)[:5]), name))
            for f in left:
                p2 = os.path.join(ctx.tmp, f)
                shutil.rmtree(p2, ignore_errors=True) if os.path.isdir(p2) else os.remove(p2)
        after = snapshot(self.dir)
        new = sorted(after - before)
        if "sanitizer/" in new:
            new = [n for n in new if not n.startswith("sanitizer/")]
        bad = [n for n in new if not any(globmatch(g, n) for g in expect_new)]
        if bad:
            self.fail("unexpected files after %s: %s" % (name, ", ".join(bad[:5])))
        gone = sorted(before - after)
        if gone:
            self.fail("files removed by %s: %s" % (name, ", ".join(gone[:5])))
        return res

    def parses(self, rel, flags):
        """mlir-opt's verdict on a file (None when mlir-opt is not there)."""
        if not self.ctx.mlir_opt:
            return None
        r = self.run([self.ctx.mlir_opt] + flags + [rel, "-o", "/dev/null"], tool=False)
        if r.timed_out:
            return None
        return r.rc == 0

    def rand(self):
        return self.rng.random()


def globmatch(glob, path):
    return re.fullmatch(glob.replace(".", r"\.").replace("**", "\0").replace("*", "[^/]*")
                        .replace("\0", ".*"), path) is not None


# --------------------------------------------------------------------------
# Output oracles
# --------------------------------------------------------------------------

def load_json(case, rel, what):
    data = case.read(rel)
    if data is None:
        return None
    try:
        return json.loads(data.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        case.fail("%s %s is not valid JSON: %s" % (what, rel, str(e)[:200]))
        return False


def schema_check(case, kind, doc, rel):
    v = case.ctx.schemas.get(kind)
    if not v:
        return
    for e in v.iter_errors(doc):
        case.fail("%s %s: schema: %s at %s" % (kind, rel, e.message[:200],
                                               "/".join(str(p) for p in e.absolute_path)))
        break


FIGURES = ["chunks", "functions", "ops", "buffers", "unknownEffectOps", "externalCalls",
           "incompleteFunctions", "steps", "states", "unvalidatedFixFindings", "parseParts"]
LEVEL = {"note": 0, "warning": 1, "error": 2}


def check_report(case, rel, res, exp, required):
    """The JSON report: shape, figures, exit code. Returns the document or None."""
    doc = load_json(case, rel, "JSON report")
    if doc is None:
        if required and res.rc in (0, 1):
            case.fail("no JSON report %s although the exit code is %d" % (rel, res.rc))
        return None
    if doc is False:
        return None
    try:
        assert isinstance(doc, dict) and doc.get("version") == 1 and doc.get("tool") == "mlir-memlint"
        files, findings, stats = doc["files"], doc["findings"], doc["stats"]
        assert isinstance(files, list) and isinstance(findings, list) and isinstance(stats, dict)
    except (AssertionError, KeyError) as e:
        case.fail("JSON report %s: bad top level %r" % (rel, e))
        return None
    schema_check(case, "report", doc, rel)
    p = []
    try:
        if stats["files"] != len(files):
            p.append("stats.files %s != %d files" % (stats["files"], len(files)))
        nerr = sum(f["status"] == "error" for f in files)
        if stats["filesNotParsed"] != nerr:
            p.append("stats.filesNotParsed %s != %d" % (stats["filesNotParsed"], nerr))
        for level, key in (("error", "errors"), ("warning", "warnings"), ("note", "notes")):
            n = sum(f["level"] == level for f in findings)
            if stats[key] != n:
                p.append("stats.%s %s != %d findings" % (key, stats[key], n))
        for key in FIGURES:
            if key in stats or any(key in f["stats"] for f in files):
                total = sum(f["stats"].get(key, 0) for f in files)
                if stats.get(key) != total:
                    p.append("stats.%s %s != files' sum %d" % (key, stats.get(key), total))
        for f in findings:
            loc = f["location"]
            if loc["line"] < 1 or loc["column"] < 1 or (loc["endLine"], loc["endColumn"]) < \
                    (loc["line"], loc["column"]):
                p.append("bad location %r" % loc)
            if not re.fullmatch(r"[0-9a-f]{32}", f.get("fingerprint", "")):
                p.append("bad fingerprint %r" % f.get("fingerprint"))
            for fix in f.get("fixes", []):
                for e in fix["edits"]:
                    size = len(case.inputs.get(e["file"], b"")) if e["file"] in case.inputs \
                        else None
                    if e["offset"] < 0 or e["length"] < 0 or \
                            (size is not None and e["offset"] + e["length"] > size):
                        p.append("fix edit out of the file: %r (size %s)" % (
                            {k: e[k] for k in ("file", "offset", "length")}, size))
        # The exit code agrees with the findings.
        if res.rc in (0, 1) and exp is not None:
            if stats["filesNotParsed"] or stats.get("inputsNotFound"):
                p.append("exit code %d although %d files did not parse" % (res.rc, nerr))
            else:
                bar = LEVEL[exp["fail_on"]]
                failing = [f for f in findings if LEVEL.get(f["level"], 0) >= bar and
                           f.get("baselineState") != "unchanged"]
                want = 1 if failing else 0
                if exp["incomplete"] and stats.get("incompleteFunctions"):
                    want = 1
                if res.rc != want:
                    p.append("exit code %d, but %d findings fail the run" % (res.rc, len(failing)))
        if res.rc == 0 and nerr:
            p.append("exit code 0 although a file did not parse")
    except (KeyError, TypeError) as e:
        p.append("missing field %r" % (e,))
    for m in p[:3]:
        case.fail("JSON report %s: %s" % (rel, m))
    return doc


def check_sarif(case, rel, res, required, report=None, schema=True, unique=True):
    """schema=False (merge-sarif of mutated logs): only that it parses; the rest is
    what the inputs held."""
    doc = load_json(case, rel, "SARIF log")
    if doc is None:
        if required and res.rc in (0, 1):
            case.fail("no SARIF log %s although the exit code is %d" % (rel, res.rc))
        return None
    if doc is False or not schema:
        return None
    p = []
    try:
        if doc["version"] != "2.1.0":
            p.append("version %r" % doc["version"])
        run = doc["runs"][0]
        driver = run["tool"]["driver"]
        if driver["name"] != "mlir-memlint":
            p.append("driver %r" % driver["name"])
        rules = driver.get("rules", [])
        seen = set()
        for r in run["results"]:
            if "ruleIndex" in r and not (0 <= r["ruleIndex"] < len(rules) and
                                         rules[r["ruleIndex"]]["id"] == r["ruleId"]):
                p.append("ruleIndex %r does not name %r" % (r["ruleIndex"], r["ruleId"]))
            fp = r.get("partialFingerprints", {}).get("memlintSemanticHash/v1")
            if unique and fp in seen and not r.get("suppressions"):
                p.append("fingerprint %s twice" % fp)
            seen.add(fp)
        if report is not None:
            a = sorted((r["ruleId"], r.get("partialFingerprints", {}).get("memlintSemanticHash/v1"))
                       for r in run["results"] if not r.get("suppressions"))
            b = sorted((f["rule"], f["fingerprint"]) for f in report["findings"])
            if a != b:
                p.append("SARIF results differ from the JSON findings (%d vs %d)" % (len(a), len(b)))
    except (KeyError, IndexError, TypeError, AttributeError) as e:
        p.append("missing field %r" % (e,))
    if schema:
        schema_check(case, "sarif", doc, rel)
    for m in p[:3]:
        case.fail("SARIF log %s: %s" % (rel, m))
    return doc


def live_max(bufs):
    """Max over time of the bytes live together: [lower, upper) intervals."""
    ev = []
    for b in bufs:
        if b["lower"] < b["upper"]:
            ev.append((b["lower"], 1, b["bytes"]))
            ev.append((b["upper"], 0, -b["bytes"]))
    ev.sort()
    cur = best = 0
    for _, _, d in ev:
        cur += d
        best = max(best, cur)
    return best


def is_count(v):
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2 ** 63


def check_plans(case, rel, res, csv_rows=None, static_sizes=True, assume_dim=None):
    doc = load_json(case, rel, "plan document")
    if doc is None:
        if res.rc == 0:
            case.fail("no plan document %s although the exit code is 0" % rel)
        return None
    if doc is False:
        return None
    schema_check(case, "plan", doc, rel)
    p = []
    try:
        if doc.get("version") != 1 or doc.get("tool") != "mlir-memlint":
            p.append("bad top level")
        for i, plan in enumerate(doc["plans"]):
            w = "plans[%d] %s" % (i, plan.get("function", ""))
            planned = [b for b in plan["buffers"] if "offset" in b]
            for b in plan["buffers"]:
                if ("offset" in b) == ("unplanned" in b):
                    p.append("%s: %s has both or neither of offset/unplanned" % (w, b["name"]))
                if b["bytes"] is not None and not is_count(b["bytes"]):
                    p.append("%s: %s has %r bytes" % (w, b["name"], b["bytes"]))
                if not (is_count(b["lower"]) and is_count(b["upper"]) and b["lower"] <= b["upper"]):
                    p.append("%s: %s has interval [%r, %r)" % (w, b["name"], b["lower"], b["upper"]))
            for b in planned:
                if b["bytes"] is None or not is_count(b["offset"]):
                    p.append("%s: planned %s: bytes %r offset %r" % (w, b["name"], b["bytes"],
                                                                     b["offset"]))
                    continue
                a = b["alignment"]
                if not (isinstance(a, int) and a >= 1 and a & (a - 1) == 0):
                    p.append("%s: %s alignment %r" % (w, b["name"], a))
                elif b["offset"] % a:
                    p.append("%s: %s at %d not aligned to %d" % (w, b["name"], b["offset"], a))
            ok = [b for b in planned if is_count(b["bytes"]) and is_count(b["offset"])]
            ok.sort(key=lambda b: b["lower"])
            for j, a in enumerate(ok):
                for b in ok[j + 1:]:
                    if b["lower"] >= a["upper"]:
                        break
                    if a["bytes"] and b["bytes"] and b["lower"] < a["upper"] and \
                            a["offset"] < b["offset"] + b["bytes"] and \
                            b["offset"] < a["offset"] + a["bytes"]:
                        p.append("%s: %s [%d,+%d) and %s [%d,+%d) overlap while both live" % (
                            w, a["name"], a["offset"], a["bytes"], b["name"], b["offset"], b["bytes"]))
                        break
            top = max([b["offset"] + b["bytes"] for b in ok] + [0])
            lb = live_max(ok)
            total = sum(b["bytes"] for b in ok)
            for key in ("lowerBound", "arenaSize", "totalBytes", "allocationsSaved", "bytesSaved"):
                if not is_count(plan[key]):
                    p.append("%s: %s is %r" % (w, key, plan[key]))
            if not is_count(plan["greedy"]["arenaSize"]):
                p.append("%s: greedy.arenaSize is %r" % (w, plan["greedy"]["arenaSize"]))
            if len(ok) == len(planned):
                if plan["arenaSize"] != top:
                    p.append("%s: arenaSize %r, highest top %d" % (w, plan["arenaSize"], top))
                if plan["lowerBound"] != lb:
                    p.append("%s: lowerBound %r, max live bytes %d" % (w, plan["lowerBound"], lb))
                if isinstance(plan["arenaSize"], int) and plan["arenaSize"] < lb:
                    p.append("%s: arena %r below the lower bound %d%s" % (
                        w, plan["arenaSize"], lb, " (claimed optimal)" if plan["optimal"] else ""))
                if plan["totalBytes"] != total:
                    p.append("%s: totalBytes %r, planned bytes sum %d" % (w, plan["totalBytes"], total))
                if isinstance(plan["greedy"]["arenaSize"], int) and \
                        plan["greedy"]["arenaSize"] < max(lb, plan["arenaSize"] if
                                                          isinstance(plan["arenaSize"], int) else 0):
                    p.append("%s: greedy arena %r below the plan or the lower bound" % (
                        w, plan["greedy"]["arenaSize"]))
            if plan["allocationsSaved"] != max(0, len(planned) - 1):
                p.append("%s: allocationsSaved %r with %d planned" % (w, plan["allocationsSaved"],
                                                                      len(planned)))
            base = plan.get("peakAsWritten", plan["totalBytes"])
            if isinstance(base, int) and isinstance(plan["arenaSize"], int) and \
                    plan["bytesSaved"] != max(0, base - plan["arenaSize"]):
                p.append("%s: bytesSaved %r" % (w, plan["bytesSaved"]))
            if static_sizes:
                for b in plan["buffers"]:
                    want = memref_bytes(b.get("type", ""), assume_dim)
                    if want is None:
                        continue
                    if want >= 2 ** 63:
                        if b["bytes"] is not None or "offset" in b:
                            p.append("%s: %s of %s bytes (past 63 bits) planned as %r bytes" % (
                                w, b["name"], want, b["bytes"]))
                    elif b["bytes"] != want:
                        p.append("%s: %s %s is %d bytes, plan says %r" % (
                            w, b["name"], b["type"], want, b["bytes"]))
        if csv_rows is not None and res.rc == 0:
            check_csv_plan(doc, csv_rows, p)
    except (KeyError, TypeError, IndexError, AttributeError) as e:
        p.append("missing field %r" % (e,))
    for m in p[:3]:
        case.fail("plan %s: %s" % (rel, m))
    return doc


ELEM_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "index": 8}


def memref_bytes(typ, assume_dim):
    """Bytes of a statically shaped memref with identity layout, or None."""
    m = re.fullmatch(r"memref<((?:(?:\d+|\?)x)*)([a-z0-9]+)(?:, (\d+|#gpu\.address_space<\w+>))?>",
                     typ)
    if not m:
        return None
    elem = m.group(2)
    if elem in ELEM_BYTES:
        size = ELEM_BYTES[elem]
    elif re.fullmatch(r"[su]?i\d+", elem):
        bits = int(re.sub(r"^[su]?i", "", elem))
        if bits < 1:
            return None
        size = (bits + 7) // 8
    else:
        return None
    for d in m.group(1).split("x")[:-1]:
        if d == "?":
            return None
        size *= int(d)
    return size


def parse_csv_strict(text):
    """Rows (id, lower, upper, size, alignment) of a well-formed MiniMalloc CSV (columns
    by header name, others such as 'offset' ignored), else a string saying what is wrong."""
    lines = [l.strip("\r").strip() for l in text.split("\n")]
    lines = [(i + 1, l) for i, l in enumerate(lines) if l]
    if not lines:
        return "no header"
    head = [h.strip() for h in lines[0][1].split(",")]
    col = {}
    for k, h in enumerate(head):
        if h in col:
            return "column %r twice" % h
        col[h] = k
    for need in ("id", "lower", "upper", "size"):
        if need not in col:
            return "no column %r" % need
    rows = []
    for n, l in lines[1:]:
        cells = [c.strip() for c in l.split(",")]
        if len(cells) != len(head):
            return "line %d has %d cells, the header %d" % (n, len(cells), len(head))
        nums = ["lower", "upper", "size"] + (["alignment"] if "alignment" in col else [])
        vals = {}
        for name in nums:
            c = cells[col[name]]
            if not re.fullmatch(r"-?\d+", c):
                return "line %d: %s %r is not an integer" % (n, name, c)
            # Past 30 digits only "out of range" matters (and Python
            # refuses to convert more than 4,300: seed 32089).
            vals[name] = int(c) if len(c) <= 31 else (-1 if c[0] == "-" else 1) * 10 ** 30
        rows.append((cells[col["id"]], vals["lower"], vals["upper"], vals["size"],
                     vals.get("alignment", 1)))
    return rows


def check_csv_plan(doc, rows, p):
    if len(doc["plans"]) != 1:
        p.append("%d plans for one CSV problem" % len(doc["plans"]))
        return
    bufs = doc["plans"][0]["buffers"]
    if isinstance(rows, str):
        p.append("the tool planned (exit 0) a CSV that is not well formed: %s" % rows)
        return
    for r in rows:
        if not (0 <= r[1] < r[2]) or r[3] < 0 or r[4] < 1 or r[4] & (r[4] - 1):
            p.append("the tool planned (exit 0) an invalid row %r" % (r,))
            return
    # The JSON has U+FFFD for invalid UTF-8 in an id (seed 48505), one per
    # byte or per sequence: runs of U+FFFD compare as one.
    def norm(name):
        return re.sub("\ufffd+", "\ufffd", enc(name).decode("utf-8", "replace"))
    got = sorted((norm(b["name"]), b["lower"], b["upper"], b["bytes"], b["alignment"])
                 for b in bufs)
    want = sorted((norm(r[0]), r[1], r[2], r[3] if r[3] < 2 ** 63 else None, r[4])
                  for r in rows)
    if got != want:
        diff = [g for g in got if g not in want][:2]
        p.append("buffers differ from the CSV rows: %r" % (diff,))


def check_svg_dot(case, rels):
    for rel in rels:
        data = case.read(rel)
        if data is None:
            continue
        if rel.endswith(".svg"):
            try:
                ET.fromstring(data)
            except ET.ParseError as e:
                case.fail("%s is not well-formed XML: %s" % (rel, e))
        elif rel.endswith(".dot"):
            t = data.strip()
            if not (t.startswith(b"digraph") or t.startswith(b"strict digraph")) or \
                    not t.endswith(b"}"):
                case.fail("%s is not a DOT graph" % rel)
        elif rel.endswith(".png"):
            if not data.startswith(b"\x89PNG\r\n\x1a\n"):
                case.fail("%s is not a PNG" % rel)


def files_under(case, rel):
    out = []
    for dirpath, _, files in os.walk(case.path(rel)):
        out += [os.path.relpath(os.path.join(dirpath, f), case.dir) for f in files]
    return sorted(out)


# --------------------------------------------------------------------------
# Modes
# --------------------------------------------------------------------------

def seed_flags(case, is_corpus, text):
    flags = []
    if is_corpus or case.need_unreg or case.rand() < 0.3:
        flags.append("--allow-unregistered-dialect")
    if is_corpus or SPLIT in text:
        if case.rand() < 0.85:
            flags.append("--split-input-file")
    return flags


def mlir_opt_flags(flags):
    return [f for f in flags if f in ("--allow-unregistered-dialect", "--split-input-file")]


def make_input(case, light=False, keep=0.08):
    name, data, is_corpus = case.ctx.seeds.pick_mlir(case.rng)
    case.notes.append("seed %s" % name)
    case.need_unreg |= name in case.ctx.seeds.unreg
    if case.rand() < keep:
        muts = []
    elif light:
        data, muts = mutate_mlir(case.rng, data, case.ctx, byte_ratio=0.1, max_n=2)
    else:
        data, muts = mutate_mlir(case.rng, data, case.ctx)
    case.notes.append("mutations: %s" % (", ".join(muts) or "none"))
    return data, is_corpus


def lint_flags(case):
    r = case.rand
    flags = []
    exp = {"fail_on": "error", "incomplete": False}
    if r() < 0.15:
        flags += ["--checks", rand_globs(case.rng)]
    if r() < 0.1:
        flags += ["--warnings-as-errors", rand_globs(case.rng)]
    if r() < 0.1:
        exp["fail_on"] = case.rng.choice(["warning", "note", "error"])
        flags.append("--fail-on=" + exp["fail_on"])
    if r() < 0.08:
        flags.append("--fail-on-incomplete")
        exp["incomplete"] = True
    if r() < 0.25:
        flags.append("--show-fixes")
    if r() < 0.1:
        flags.append("--stats")
    if r() < 0.1:
        flags += ["--memory-budget", case.rng.choice(["0", "1", "#gpu.address_space<workgroup>",
                                                      "workgroup", "x", ""]) + "=" +
                  case.rng.choice(INTERESTING_INTS)]
    if r() < 0.08:
        flags += ["--assume-dim", case.rng.choice(["1", "16", "4294967296", "9223372036854775807",
                                                   "0", "-1"])]
    if r() < 0.08:
        flags += ["--max-steps", case.rng.choice(["1", "10", "100", "1000"])]
    if r() < 0.05:
        flags.append("--sarif-include-suppressed")
    if r() < 0.05:
        flags.append("--format=github")
    if r() < 0.03:
        flags += case.rng.choice([["--color=always"], ["-checks=-*,lifetime-leak"], ["--fail-on=x"],
                                  ["--shard=1/2"], ["--shard=0/0"], ["--shard=5/3"],
                                  ["--plan-time-limit=0"], ["-j", "3"], ["--function-memory-limit", "1"],
                                  ["--function-time-limit", "0.001"], ["--base-dir", "in"]])
    return flags, exp


def mode_lint(case, split=False):
    data, is_corpus = make_input(case)
    if split and case.rand() < 0.7:
        data = enc(m_split(case.rng, dec(data), case.ctx))
    case.write("in/input.mlir", data)
    flags = seed_flags(case, is_corpus, dec(data))
    if split:
        flags = ["--allow-unregistered-dialect", "--split-input-file"] + \
            [f for f in flags if f not in ("--allow-unregistered-dialect", "--split-input-file")]
    more, exp = lint_flags(case)
    outs = ["--json", "out/r.json", "--sarif", "out/r.sarif"]
    expect = ["out/r.json", "out/r.sarif"]
    stdin = None
    target = ["in/input.mlir"]
    if case.rand() < 0.15:
        stdin, target = data, ["-"] + (["--stdin-filename", "in/input.mlir"]
                                       if case.rand() < 0.7 else [])
    if case.rand() < 0.05:
        outs += ["--viz-dir", "out/viz"]
        expect += ["out/viz/", "out/viz/*.svg"]
    if case.rand() < 0.08:
        outs += ["--export-fixes", "out/fixes.yaml"]
        expect.append("out/fixes.yaml")
    if case.rand() < 0.08 and stdin is None:
        outs.append("--fix-dry-run")
    if case.rand() < 0.05:
        outs += ["--write-baseline", "out/base.sarif"]
        expect.append("out/base.sarif")
        exp = None  # exits 0 once it is written
    html = case.rand() < 0.05
    if html:
        outs += ["--html", "out/html"]
        expect += ["out/html/", "out/html/*", "out/html/*/", "out/html/*/*"]
    res = case.run(flags + more + target + outs, stdin=stdin, expect_new=expect)
    usage = res.rc == 2 and not case.read("out/r.json")
    rep = check_report(case, "out/r.json", res, exp, required=not usage)
    check_sarif(case, "out/r.sarif", res, required=not usage,
                report=rep if rep and "--sarif-include-suppressed" not in more else None)
    if case.read("in/input.mlir") != data:
        case.fail("the input was changed by a lint run")
    check_svg_dot(case, files_under(case, "out/viz"))
    if case.read("out/base.sarif") is not None:
        check_sarif(case, "out/base.sarif", res, required=False)
    if html and res.rc in (0, 1):
        check_html(case, "out/html", rep)


class _HtmlChecker(html.parser.HTMLParser):
    """Counts what check_html looks at; collects unbalanced closing tags."""
    VOID = {"meta", "link", "br", "input", "img", "hr", "col", "area", "base", "source",
            "wbr", "path", "polygon", "ellipse", "polyline", "text", "stop"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.steps, self.bug_lines = [], [], [], 0
        self.svg_depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "svg":
            self.svg_depth += 1
        if tag == "tr" and "step" in (attrs.get("class") or "").split():
            self.steps.append(attrs.get("data-line"))
        if tag == "tr" and (attrs.get("class") or "") == "line bug":
            self.bug_lines += 1
        if tag not in self.VOID and not self.svg_depth:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag == "svg":
            self.svg_depth -= 1
            return
        if self.svg_depth or tag in self.VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append("</%s> closes <%s>" % (tag, self.stack[-1] if self.stack else "nothing"))
            return
        self.stack.pop()


def check_html(case, rel, rep):
    """The HTML report: an index and a page per reported finding, pages whose
    tags balance, with a step bubble per note plus the bug and one highlighted
    line."""
    index = case.read(rel + "/index.html")
    if index is None:
        case.fail("--html wrote no index.html")
        return
    pages = sorted(p for p in files_under(case, rel + "/findings") if p.endswith(".html"))
    if rep is not None and len(pages) != len(rep["findings"]):
        case.fail("--html wrote %d finding pages for %d findings" % (len(pages), len(rep["findings"])))
    for path in [rel + "/index.html"] + pages[:3]:
        checker = _HtmlChecker()
        checker.feed(dec(case.read(path)))
        checker.close()
        if checker.errors or checker.stack:
            case.fail("%s: unbalanced tags: %s" % (path, (checker.errors or checker.stack)[:3]))
        if path.endswith("/1.html") and rep and rep["findings"]:
            f = rep["findings"][0]
            if not 1 <= len(checker.steps) <= len(f.get("notes", [])) + 1:
                case.fail("%s: %d step bubbles for %d notes" % (path, len(checker.steps), len(f.get("notes", []))))
            if checker.bug_lines != 1:
                case.fail("%s: %d highlighted bug lines" % (path, checker.bug_lines))


def mode_fix(case):
    data, is_corpus = make_input(case, light=True)
    if case.rand() < 0.05:
        data = data.replace(b"\n", b"\r\n")
    case.write("in/input.mlir", data)
    flags = seed_flags(case, is_corpus, dec(data))
    if case.rand() < 0.2:
        flags += ["--checks", case.rng.choice(["-*,lifetime-*", "-*,perf-*", "*",
                                               "-*,lifetime-leak", rand_globs(case.rng)])]
    oflags = mlir_opt_flags(flags)
    parsed = case.parses("in/input.mlir", oflags)
    r1 = case.run(["--fix", "-q", "in/input.mlir", "--json", "out/fix.json"] + flags,
                  expect_new=["out/fix.json"])
    fixed = case.read("in/input.mlir")
    rep = check_report(case, "out/fix.json", r1, None, required=False)
    if fixed is None:
        case.fail("the input vanished after --fix")
        return
    changed = fixed != data
    if changed and rep and rep["files"] and all(f["status"] == "error" for f in rep["files"]):
        case.fail("--fix changed a file that does not parse")
    if changed and parsed:
        if case.parses("in/input.mlir", oflags) is False:
            case.fail("the fixed file does not parse with mlir-opt (the input did)")
    # Each proposed fix-it alone gives a file that parses.
    if parsed and rep:
        fixes = [fx for f in rep["findings"] for fx in f.get("fixes", [])]
        for fx in case.rng.sample(fixes, min(2, len(fixes))):
            edits = sorted(fx["edits"], key=lambda e: -e["offset"])
            if any(e["file"] != "in/input.mlir" for e in edits):
                continue
            text = data
            for e in edits:
                text = text[:e["offset"]] + enc(e["text"]) + text[e["offset"] + e["length"]:]
            case.write("out/one-fix.mlir", text)
            if case.parses("out/one-fix.mlir", oflags) is False:
                case.fail("fix-it %r alone gives a file that does not parse" % fx["description"][:80])
            os.remove(case.path("out/one-fix.mlir"))
    r2 = case.run(["--fix", "-q", "in/input.mlir"] + flags)
    again = case.read("in/input.mlir")
    # Unless the first said that it stopped at its last round: then another
    # --fix may fix more. Findings the fix-validation budget left untried (in
    # the report and on stderr) are those a new budget on the fixed text
    # leaves untried too, so a second --fix changes nothing then either.
    untried = rep and rep["stats"].get("unvalidatedFixFindings", 0) > 0
    if untried and b"fix-validation budget ran out" not in (r1.err or b""):
        case.fail("the report counts findings with untried fix-its, --fix does not say so")
    if again != fixed and b"--fix again may fix more" not in (r1.err or b""):
        case.fail("a second --fix changed the file again")
    if r1.rc in (0, 1) and case.rand() < 0.35:
        r3 = case.run(["--fix", "-q", "-", "--stdin-filename", "in/input.mlir"] + flags, stdin=data)
        if r3.rc == r1.rc and r3.out != fixed:
            case.fail("--fix on stdin printed another text than --fix on the file")
        if case.read("in/input.mlir") != again:
            case.fail("--fix on stdin wrote the file")
    del r2


def mode_viz(case):
    data, is_corpus = make_input(case)
    case.write("in/input.mlir", data)
    flags = [f for f in seed_flags(case, is_corpus, dec(data))]
    fmt = case.rng.choice(["dot", "dot", "svg", "svg", "dot,svg"] +
                          (["png"] if len(data) < 3000 else []))
    args = ["viz", "in/input.mlir", "-o", "out/viz", "--format", fmt] + flags
    if case.rand() < 0.3:
        args += ["--kind", case.rng.choice(["lifetime", "cfg", "all"])]
    if case.rand() < 0.15:
        funcs = re.findall(r"func\.func (?:private )?@([\w$.\-]+)", dec(data)) or ["nope"]
        args += ["--func", case.rng.choice(funcs)]
    res = case.run(args, expect_new=["out/viz/", "out/viz/*.dot", "out/viz/*.svg", "out/viz/*.png"])
    check_svg_dot(case, files_under(case, "out/viz"))
    del res


def mode_plan(case):
    data, is_corpus = make_input(case)
    case.write("in/input.mlir", data)
    flags = ["--allow-unregistered-dialect"] if is_corpus or case.need_unreg or \
        case.rand() < 0.3 else []
    assume = None
    if case.rand() < 0.3:
        assume = case.rng.choice(["1", "16", "1024", "4294967296", "9223372036854775807"])
        flags += ["--assume-dim", assume]
    args = ["plan", "in/input.mlir", "--json", "out/p.json", "--plan-time-limit",
            case.rng.choice(["0.05", "0.1", "0.2", "0"])] + flags
    expect = ["out/p.json"]
    if case.rand() < 0.05:
        args += ["--viz-dir", "out/pviz", "--viz-format", case.rng.choice(["dot", "svg", "dot,svg"])]
        expect += ["out/pviz/", "out/pviz/*.dot", "out/pviz/*.svg"]
    res = case.run(args, expect_new=expect)
    doc = check_plans(case, "out/p.json", res, assume_dim=int(assume) if assume else None)
    check_svg_dot(case, files_under(case, "out/pviz"))
    # --csv of one plan, planned again from the CSV: the same lower bound.
    if doc and res.rc == 0 and doc["plans"] and case.rand() < 0.4:
        plan = case.rng.choice(doc["plans"])
        r2 = case.run(["plan", "in/input.mlir", "--csv", "out/one.csv", "--function",
                       plan["function"], "--space", plan["space"], "--plan-time-limit", "0"] + flags,
                      expect_new=["out/one.csv"])
        if r2.rc == 0 and case.read("out/one.csv") is not None:
            r3 = case.run(["plan", "--from-csv", "out/one.csv", "--json", "out/one.json",
                           "--plan-time-limit", "0.05"], expect_new=["out/one.json"])
            rows = parse_csv_strict(dec(case.read("out/one.csv")))
            if isinstance(rows, str):
                case.fail("plan --csv wrote a CSV that is not well formed: %s" % rows)
            d2 = check_plans(case, "out/one.json", r3, csv_rows=rows)
            if r3.rc != 0:
                case.fail("plan --from-csv of a CSV written by plan --csv exits %d" % r3.rc)
            elif d2 and d2["plans"] and d2["plans"][0]["lowerBound"] != plan["lowerBound"]:
                case.fail("plan --from-csv of plan --csv: lower bound %r, the plan's %r" % (
                    d2["plans"][0]["lowerBound"], plan["lowerBound"]))


def mode_csv(case):
    r = case.rand()
    if r < 0.7 or not case.ctx.seeds.csv:
        text = gen_csv(case.rng)
    else:
        name, text = case.rng.choice(case.ctx.seeds.csv)
        case.notes.append("seed %s" % name)
    if case.rand() < 0.6:
        text = mutate_csv(case.rng, text, case.ctx)
    case.write("in/problem.csv", text)
    args = ["plan", "--from-csv", "in/problem.csv", "--json", "out/p.json", "--plan-time-limit",
            case.rng.choice(["0.05", "0.1", "0"])]
    expect = ["out/p.json"]
    if case.rand() < 0.3:
        args += ["--csv", "out/s.csv"]
        expect.append("out/s.csv")
    res = case.run(args, expect_new=expect)
    rows = parse_csv_strict(text)
    doc = check_plans(case, "out/p.json", res, csv_rows=rows)
    if doc and res.rc == 0 and case.read("out/s.csv") is not None:
        sol = dec(case.read("out/s.csv")).strip().split("\n")
        offs = {}
        for l in sol[1:]:
            cells = l.split(",")
            offs.setdefault(cells[0], []).append(cells[-1])
        for b in doc["plans"][0]["buffers"]:
            if "offset" in b and str(b["offset"]) not in offs.get(b["name"], []):
                case.fail("--csv offset of %s differs from the JSON's %d" % (b["name"], b["offset"]))
                break


def mode_jobs(case):
    n = case.rng.randint(2, 4)
    any_corpus = False
    for k in range(n):
        data, is_corpus = make_input(case, light=True, keep=0.5)
        any_corpus |= is_corpus
        case.write("in/f%d.mlir" % k, data)
    flags = ["--allow-unregistered-dialect"] if any_corpus or case.need_unreg or \
        case.rand() < 0.3 else []
    if any_corpus or case.rand() < 0.3:
        flags.append("--split-input-file")
    if case.rand() < 0.2:
        flags.append("--show-fixes")
    target = ["in"] if case.rand() < 0.5 else ["in/f%d.mlir" % k for k in range(n)]
    exp = {"fail_on": "error", "incomplete": False}
    r2 = case.run(["-q", "-j", "2", "--json", "out/j2.json", "--sarif", "out/j2.sarif"] + flags +
                  target, expect_new=["out/j2.json", "out/j2.sarif"])
    a = check_report(case, "out/j2.json", r2, exp, required=True)
    check_sarif(case, "out/j2.sarif", r2, required=True, report=a)
    r1 = case.run(["-q", "-j", "1", "--json", "out/j1.json"] + flags + target,
                  expect_new=["out/j1.json"])
    b = check_report(case, "out/j1.json", r1, exp, required=True)
    if a and b and not a["stats"].get("incompleteFunctions") and \
            not b["stats"].get("incompleteFunctions"):
        if a != b:
            case.fail("-j 2 and -j 1 give different JSON reports")
        if r1.rc != r2.rc:
            case.fail("-j 2 exits %d, -j 1 exits %d" % (r2.rc, r1.rc))


def mode_split(case):
    mode_lint(case, split=True)


CFG = ".mlir-memlint.yaml"


def make_yaml(case):
    seeds = case.ctx.seeds.yaml
    if seeds and case.rand() < 0.4:
        name, text = case.rng.choice(seeds)
    else:
        text = gen_yaml(case.rng)
    if case.rand() < 0.55:
        text = mutate_yaml(case.rng, text, case.ctx)
    return text


def mode_config(case):
    data, is_corpus = make_input(case, light=case.rand() < 0.7)
    case.write("in/sub/input.mlir", data)
    flags = seed_flags(case, is_corpus, dec(data))
    text = make_yaml(case)
    expect = ["out/r.json", "out/r.sarif"]
    r = case.rand()
    args = ["in/sub/input.mlir"]
    if r < 0.15:
        case.write("in/cfg.yaml", text)
        args += ["--config-file", "in/cfg.yaml"]
    elif r < 0.25 and "\0" not in text and len(enc(text)) < 100000:  # MAX_ARG_STRLEN: 128 KiB
        args += ["--config", text]
    else:
        case.write("in/sub/" + CFG, text)
        if case.rand() < 0.3:
            case.write("in/" + CFG, make_yaml(case))
    if case.rand() < 0.25:
        res = case.run(["--dump-config"] + args + flags)
        if res.rc == 0:
            case.write("out/dump.yaml", res.out)
            r2 = case.run(["--dump-config", "--config-file", "out/dump.yaml", "in/sub/input.mlir"])
            if r2.rc != 0:
                case.fail("the --dump-config output does not read back (exit %d)" % r2.rc)
            elif r2.out != res.out:
                case.fail("the --dump-config output read back dumps another text")
        return
    more, exp = lint_flags(case) if case.rand() < 0.3 else ([], {"fail_on": "error",
                                                                  "incomplete": False})
    if "--fail-on" in " ".join(more) or case.rand() < 0.5:
        exp = None  # WarningsAsErrors and the config's levels: only the shape is checked
    res = case.run(args + flags + more + ["--json", "out/r.json", "--sarif", "out/r.sarif"],
                   expect_new=expect)
    usage = res.rc == 2 and not case.read("out/r.json")
    rep = check_report(case, "out/r.json", res, exp, required=not usage)
    check_sarif(case, "out/r.sarif", res, required=not usage,
                report=rep if "--sarif-include-suppressed" not in more else None)


def baseline_for(case, name, data, flags):
    """A baseline the tool writes for an unmutated seed (cached)."""
    key = hashlib.sha1(data + enc(" ".join(flags))).hexdigest()[:16]
    cache = os.path.join(case.ctx.args.work, "cache")
    os.makedirs(cache, exist_ok=True)
    path = os.path.join(cache, key + ".sarif")
    if not os.path.exists(path):
        case.write("in/input.mlir", data)  # the path is part of the fingerprints
        res = case.run(["-q", "--write-baseline", "out/seed.sarif", "in/input.mlir"] + flags,
                       expect_new=["out/seed.sarif"])
        body = case.read("out/seed.sarif")
        if body is None:
            if res.rc != 2:
                case.fail("--write-baseline exits %d without writing" % res.rc)
            body = b'{"version": "2.1.0", "runs": []}'
        else:
            check_sarif(case, "out/seed.sarif", res, required=False)
            os.remove(case.path("out/seed.sarif"))
        os.remove(case.path("in/input.mlir"))
        del case.inputs["in/input.mlir"]
        tmp = path + ".%d.tmp" % os.getpid()
        with open(tmp, "wb") as f:
            f.write(body)
        os.replace(tmp, path)
    return dec(open(path, "rb").read())


def mode_baseline(case):
    name, seed, is_corpus = case.ctx.seeds.pick_mlir(case.rng)
    case.notes.append("seed %s" % name)
    flags = ["--allow-unregistered-dialect", "--split-input-file"] if is_corpus else \
        ["--allow-unregistered-dialect"] if name in case.ctx.seeds.unreg else []
    base = baseline_for(case, name, seed, flags)
    same_input = case.rand() < 0.4
    data = seed
    if not same_input:
        data, muts = mutate_mlir(case.rng, seed, case.ctx, byte_ratio=0.15, max_n=2)
        case.notes.append("mutations: %s" % ", ".join(muts))
    same_base = case.rand() < 0.3
    if not same_base:
        base = mutate_sarif(case.rng, base, case.ctx)
    case.notes.append("input %s, baseline %s" % ("unmutated" if same_input else "mutated",
                                                 "unmutated" if same_base else "mutated"))
    case.write("in/input.mlir", data)
    case.write("in/base.sarif", base)
    res = case.run(["-q", "in/input.mlir", "--baseline", "in/base.sarif", "--json", "out/r.json",
                    "--sarif", "out/r.sarif"] + flags, expect_new=["out/r.json", "out/r.sarif"])
    usage = res.rc == 2 and not case.read("out/r.json")
    exp = {"fail_on": "error", "incomplete": False}
    rep = check_report(case, "out/r.json", res, exp, required=not usage)
    check_sarif(case, "out/r.sarif", res, required=not usage, report=rep)
    if same_input and same_base and rep:
        new = [f["rule"] for f in rep["findings"] if f.get("baselineState") != "unchanged"]
        if new and not rep["stats"].get("incompleteFunctions"):
            case.fail("findings of the baseline's own input are new: %s" % ", ".join(new[:3]))
        if res.rc == 1:
            case.fail("exit code 1 on the baseline's own input")


def mode_merge(case):
    logs = []
    names = set()
    for k in range(case.rng.randint(1, 3)):
        name, seed, is_corpus = case.ctx.seeds.pick_mlir(case.rng)
        names.add(name)
        flags = ["--allow-unregistered-dialect", "--split-input-file"] if is_corpus else \
            ["--allow-unregistered-dialect"] if name in case.ctx.seeds.unreg else []
        text = baseline_for(case, name, seed, flags)
        mutated = case.rand() < 0.6
        if mutated:
            text = mutate_sarif(case.rng, text, case.ctx)
        case.notes.append("log %d: %s%s" % (k, name, " mutated" if mutated else ""))
        case.write("in/l%d.sarif" % k, text)
        logs.append(("in/l%d.sarif" % k, mutated))
    res = case.run(["merge-sarif", "out/m.sarif"] + [l for l, _ in logs], expect_new=["out/m.sarif"])
    if res.rc == 0:
        # merge-sarif copies what it does not know: the schema only for logs the tool wrote.
        # Logs of different files (each linted as in/input.mlir) may hold
        # the same finding (same fingerprint) of what is one path to the
        # merge: only logs of one file must give unique fingerprints.
        check_sarif(case, "out/m.sarif", res, required=True,
                    schema=not any(m for _, m in logs), unique=len(names) == 1)
    elif not any(m for _, m in logs) and res.rc != 0:
        # Logs of different runs may legitimately conflict; only say so.
        case.notes.append("merge-sarif of unmutated logs exits %d" % res.rc)


MODES = {"lint": mode_lint, "fix": mode_fix, "viz": mode_viz, "plan": mode_plan, "csv": mode_csv,
         "jobs": mode_jobs, "split": mode_split, "config": mode_config, "baseline": mode_baseline,
         "merge": mode_merge}
ROTATION = ["lint", "fix", "csv", "plan", "config", "lint", "split", "baseline", "viz", "csv",
            "jobs", "lint", "fix", "config", "merge", "plan"]


# --------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------

CTX = None


def init_worker(ctx):
    global CTX
    CTX = ctx
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    ctx.setup_worker()


def run_case(seed):
    ctx = CTX
    rotation = ctx.args.modes or ROTATION
    mode = rotation[seed % len(rotation)]
    case = Case(ctx, seed)
    t0 = time.time()
    try:
        MODES[mode](case)
    except Exception as e:  # a bug of the fuzzer: report it as a failure too
        import traceback
        case.fail("fuzzer exception: %s" % traceback.format_exc()[-1500:])
        del e
    secs = time.time() - t0
    saved = None
    if case.failures or ctx.args.keep_all:
        saved = save_failure(case, mode, "failures" if case.failures else "passed")
    rcs = [r.rc for r in case.log if r.tool]
    return {"seed": seed, "mode": mode, "failures": case.failures, "execs": case.execs,
            "secs": secs, "saved": saved, "rcs": rcs}


def save_failure(case, mode, where="failures"):
    dst = os.path.join(case.ctx.args.out_dir, where, "seed_%d" % case.seed)
    shutil.rmtree(dst, ignore_errors=True)
    shutil.copytree(case.dir, dst, symlinks=True)
    for rel, data in case.inputs.items():
        p = os.path.join(dst, "orig", rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "wb") as f:
            f.write(data)
    with open(os.path.join(dst, "report.txt"), "w", encoding="utf-8", errors="replace") as f:
        f.write("seed %d, mode %s\n" % (case.seed, mode))
        for n in case.notes:
            f.write("  %s\n" % n)
        f.write("\nFAILURES\n")
        for m in case.failures:
            f.write("  - %s\n" % m)
        f.write("\nCOMMANDS (run in this folder; orig/ holds the inputs as written before the runs)\n")
        for r in case.log:
            f.write("\n$ %s\n" % " ".join(shquote(a) for a in r.cmd))
            f.write("exit %s%s, %.2f s\n" % (r.rc, " (timeout)" if r.timed_out else "", r.secs))
            for label, b in (("stdout", r.out), ("stderr", r.err)):
                if b:
                    t = dec(b)
                    f.write("--- %s%s\n%s\n" % (label, " (last 20000 chars)" if len(t) > 20000
                                                else "", t[-20000:]))
    with open(os.path.join(dst, "repro.sh"), "w") as f:
        f.write("#!/bin/sh\n# seed %d, mode %s: the inputs as mutated are in orig/\n" % (case.seed, mode))
        f.write("cd \"$(dirname \"$0\")\" && rm -rf in out && cp -r orig/in in && mkdir -p out\n")
        for r in case.log:
            f.write(" ".join(shquote(a) for a in r.cmd) + "\n")
    return dst


def shquote(s):
    if re.fullmatch(r"[\w@%+=:,./\-]+", s):
        return s
    return "'" + s.replace("'", "'\\''") + "'"


def parse_seeds(s):
    out = []
    for part in s.split(","):
        if ":" in part:
            a, b = part.split(":")
            out.extend(range(int(a), int(b)))
        else:
            out.append(int(part))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", required=True, help="mlir-memlint (a path, or a name on PATH)")
    ap.add_argument("--seeds", default="0:200", help="A:B (half-open), N, or lists: 3,17,40:50")
    ap.add_argument("--out-dir", help="where failures/ (and the work folders) go; default: a temp dir")
    ap.add_argument("-j", "--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    help="worker processes (default 2)")
    ap.add_argument("--timeout", type=float, default=20.0, help="CPU seconds per tool run (default 20; 4 times as much wall time)")
    ap.add_argument("--modes", help="comma-separated modes to rotate through (default: all): " +
                    ",".join(MODES))
    ap.add_argument("--mlir-opt", help="mlir-opt for the parse checks (default: the stock one)")
    ap.add_argument("--corpus", default=os.path.normpath(os.path.join(SRC, "..", "shared", "corpus")),
                    help="folder of extra .mlir seeds (default: ../shared/corpus)")
    ap.add_argument("--schemas", choices=["auto", "off"], default="auto",
                    help="validate against the JSON schemas when python3-jsonschema is there")
    ap.add_argument("--sarif-schema", default=os.path.join(
        SRC, "build", "npm", "node_modules", "@microsoft", "sarif-multitool-linux", "sarif-2.1.0.json"))
    ap.add_argument("--progress", type=int, default=0, metavar="N",
                    help="print a progress line every N cases")
    ap.add_argument("--quiet", action="store_true", help="only print failures and the summary")
    ap.add_argument("--keep-work", action="store_true", help="keep the work folders")
    ap.add_argument("--keep-all", action="store_true",
                    help="also keep the cases that passed, in OUT_DIR/passed/ (for triage)")
    ap.add_argument("--list-seeds", action="store_true", help="print the seed files and exit")
    args = ap.parse_args()

    tool = shutil.which(args.tool) or args.tool
    args.tool = os.path.abspath(tool)
    if not args.mlir_opt:
        for cand in (os.environ.get("MEMLINT_REAL_MLIR_OPT"), "/usr/lib/llvm-22/bin/mlir-opt",
                     shutil.which("mlir-opt")):
            if cand and os.access(cand, os.X_OK):
                args.mlir_opt = cand
                break
    if args.modes:
        args.modes = [m for m in args.modes.split(",") if m]
        for m in args.modes:
            if m not in MODES:
                ap.error("unknown mode %r" % m)
    seeds = Seeds(args.corpus)
    if args.list_seeds:
        for name, data, is_corpus in seeds.mlir:
            print("%s%s (%d bytes)" % (name, " [corpus]" if is_corpus else "", len(data)))
        for name, _ in seeds.csv + seeds.yaml:
            print(name)
        return 0
    tmp_out = None
    if not args.out_dir:
        tmp_out = args.out_dir = tempfile.mkdtemp(prefix="mutate-fuzz-")
    args.out_dir = os.path.abspath(args.out_dir)
    args.work = os.path.join(args.out_dir, "work")
    shutil.rmtree(args.work, ignore_errors=True)
    shutil.rmtree(os.path.join(args.out_dir, "failures"), ignore_errors=True)
    shutil.rmtree(os.path.join(args.out_dir, "passed"), ignore_errors=True)
    os.makedirs(args.work)
    ctx = Ctx(args, seeds)
    todo = parse_seeds(args.seeds)
    if not args.quiet:
        print("mutate_fuzz: %d cases, %d .mlir seeds (%d corpus), %d CSV, %d YAML; tool %s; "
              "schemas: %s" % (len(todo), len(seeds.mlir), len(seeds.corpus), len(seeds.csv),
                               len(seeds.yaml), args.tool, ",".join(sorted(ctx.schemas)) or "none"),
              flush=True)
    t0 = time.time()
    passed = failed = execs = 0
    by_mode = collections.Counter()
    rc_by_mode = collections.defaultdict(collections.Counter)
    fail_kinds = collections.Counter()
    slowest = []
    if args.jobs <= 1:
        init_worker(ctx)
        results = map(run_case, todo)
        pool = None
    else:
        pool = multiprocessing.Pool(args.jobs, initializer=init_worker, initargs=(ctx,))
        results = pool.imap_unordered(run_case, todo, chunksize=1)
    try:
        for k, r in enumerate(results, 1):
            execs += r["execs"]
            by_mode[r["mode"]] += 1
            for rc in r["rcs"]:
                rc_by_mode[r["mode"]][rc] += 1
            slowest.append((r["secs"], r["seed"], r["mode"]))
            slowest = sorted(slowest, reverse=True)[:5]
            if r["failures"]:
                failed += 1
                for m in r["failures"]:
                    fail_kinds[re.sub(r"[\d]+", "N", m.split(":")[0])[:60]] += 1
                print("FAIL seed %d (%s): %s\n  kept in %s" % (
                    r["seed"], r["mode"], "; ".join(m[:300] for m in r["failures"][:3]), r["saved"]),
                    flush=True)
            else:
                passed += 1
            if args.progress and k % args.progress == 0:
                print("[%d/%d] %d passed, %d failed, %d executions, %.0f s" % (
                    k, len(todo), passed, failed, execs, time.time() - t0), flush=True)
    except KeyboardInterrupt:
        print("interrupted")
        if pool:
            pool.terminate()
    finally:
        if pool:
            pool.close()
            pool.join()
    secs = time.time() - t0
    if not args.quiet:
        print("cases by mode (tool exit codes): " + ", ".join(
            "%s %d (%s)" % (m, n, " ".join("%s:%d" % kv for kv in sorted(rc_by_mode[m].items(),
                                                                        key=lambda x: str(x[0]))))
            for m, n in sorted(by_mode.items())))
        print("%d tool executions in %.0f s (%.1f per second); slowest cases: %s" % (
            execs, secs, execs / max(secs, 1e-9),
            ", ".join("seed %d %s %.1f s" % (s, m, t) for t, s, m in slowest)))
        if fail_kinds:
            print("failure kinds: " + "; ".join("%s x%d" % kv for kv in fail_kinds.most_common()))
    if not args.keep_work:
        shutil.rmtree(args.work, ignore_errors=True)
    if tmp_out and not failed:
        shutil.rmtree(tmp_out, ignore_errors=True)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
