#!/usr/bin/env python3
"""Run an off-the-shelf constraint or MIP solver on a MiniMalloc CSV problem.

A cross-check for the planner on problems it does not solve at the lower bound
(MiniMalloc's D and J, see docs/memory-plan.md): is a general solver able to
find a plan at a given capacity where the planner's search is not?

The problem at capacity C is written as a MiniZinc model (in units of the
greatest common divisor of all sizes and times):
  - an offset per buffer, 0 <= o[i] <= C - size[i], a multiple of its
    alignment when the CSV has an `alignment` column;
  - `disjunctive` over the buffers of every maximal set live at one time
    (every pair of buffers that overlap in time shares such a set) and/or a
    pairwise non-overlap disjunction for every pair that overlaps in time;
  - optionally the planner's canonical search: the unplaced buffer with the
    smallest possible offset first, at that offset, buffers in the planner's
    TWA order (largest section total, length, area).

The model is solved with the MiniZinc build for WebAssembly of the npm package
`minizinc` (Chuffed, a lazy clause generation solver; Gecode; HiGHS; COIN-BC),
run by `bench/minizinc_wasm.cjs` under Node. Neither is a dependency of the
project; to use them:

  mkdir -p build/minizinc && (cd build/minizinc && npm install minizinc)
  python3 bench/plan_minizinc.py ../shared/benchmarks/minimalloc/challenging/D.1048576.csv \
      --capacity 1048576 --model pc --solver chuffed --time-limit 100

(--minizinc DIST names another copy of the package's dist folder.)

usage: plan_minizinc.py CSV --capacity BYTES [--model d|p|c...] [--solver S]
                        [--time-limit S] [--minizinc DIST] [--write FILE]
"""
import argparse
import csv
import math
import os
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("csv")
parser.add_argument("--capacity", type=int, required=True, help="bytes")
parser.add_argument("--model", default="dc",
                    help="d: disjunctive per live set, p: pairwise "
                         "disjunctions, c: canonical search (default dc)")
parser.add_argument("--solver", default="chuffed")
parser.add_argument("--time-limit", type=float, default=60.0, help="seconds")
parser.add_argument("--minizinc", default=os.path.join(
    root, "build", "minizinc", "node_modules", "minizinc", "dist"),
                    help="the npm package's dist folder")
parser.add_argument("--write", help="write the model here and stop")
args = parser.parse_args()

rows = list(csv.DictReader(open(args.csv)))
lower = [int(r["lower"]) for r in rows]
upper = [int(r["upper"]) for r in rows]
size = [int(r["size"]) for r in rows]
align = [int(r.get("alignment") or 1) for r in rows]
unit = 0
for v in lower + upper + size + [args.capacity] + [a for a in align if a > 1]:
    unit = math.gcd(unit, v)
unit = unit or 1
cap = args.capacity // unit
lo = [v // unit for v in lower]
hi = [v // unit for v in upper]
sz = [v // unit for v in size]
al = [max(a // unit, 1) for a in align]
n = len(rows)

# Maximal live sets: the live set at each start point, unless it is contained
# in another one.
live = {frozenset(i for i in range(n) if lo[i] <= t < hi[i]) for t in set(lo)}
maximal = [s for s in live if not any(s < other for other in live)]
total = {s: sum(sz[i] for i in s) for s in maximal}
# Buffers with an empty interval are in no live set and conflict with none.
section_total = [max((total[s] for s in maximal if i in s), default=0)
                 for i in range(n)]
overlapping = [(i, j) for i in range(n) for j in range(i + 1, n)
               if lo[i] < hi[j] and lo[j] < hi[i]]
order = sorted(range(n), key=lambda i: (-section_total[i], -(hi[i] - lo[i]),
                                        -(hi[i] - lo[i]) * sz[i], i))
var = {b: k + 1 for k, b in enumerate(order)}

lines = ['include "disjunctive.mzn";',
         f"int: C = {cap};",
         f"array[1..{n}] of int: s = {[sz[b] for b in order]};",
         f"array[1..{n}] of var 0..C: o;",
         f"constraint forall(i in 1..{n})(o[i] + s[i] <= C);"]
for b in order:
    if al[b] > 1:
        lines.append(f"constraint o[{var[b]}] mod {al[b]} = 0;")
if "d" in args.model:
    for s in sorted(maximal, key=lambda s: min(lo[i] for i in s)):
        ids = sorted(var[i] for i in s)
        lines.append(f"constraint disjunctive([o[i] | i in {ids}], "
                     f"[s[i] | i in {ids}]);")
if "p" in args.model:
    for i, j in overlapping:
        a, b = var[i], var[j]
        lines.append(f"constraint o[{a}] + s[{a}] <= o[{b}] \\/ "
                     f"o[{b}] + s[{b}] <= o[{a}];")
if "c" in args.model:
    lines.append("solve :: int_search(o, smallest, indomain_min) satisfy;")
else:
    lines.append("solve satisfy;")
lines.append("output [show(o)];")
model = "\n".join(lines) + "\n"

print(f"{os.path.basename(args.csv)}: {n} buffers, {len(maximal)} maximal "
      f"live sets, unit {unit} bytes, max live {max(total.values())} units, "
      f"capacity {cap} units", file=sys.stderr)
if args.write:
    with open(args.write, "w") as f:
        f.write(model)
    sys.exit(0)

if not os.path.exists(os.path.join(args.minizinc, "minizinc.wasm")):
    sys.exit(f"no MiniZinc WebAssembly build in {args.minizinc} "
             "(install it with: mkdir -p build/minizinc && "
             "(cd build/minizinc && npm install minizinc))")
solver_flags = ["--solver", args.solver, "-s",
                "--time-limit", str(int(args.time_limit * 1000))]
if args.solver == "chuffed" and "c" not in args.model:
    solver_flags.append("-f")  # free search, with restarts
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "plan.mzn")
    with open(path, "w") as f:
        f.write(model)
    proc = subprocess.run(["node", os.path.join(root, "bench", "minizinc_wasm.cjs"),
                           args.minizinc, *solver_flags, path],
                          capture_output=True, text=True)
if proc.returncode != 0:
    sys.exit(f"minizinc exited with {proc.returncode}:\n{proc.stderr[-2000:]}")
status = "no plan found (unknown)"
offsets = None
stats = {}
for line in proc.stdout.splitlines():
    if line.startswith("["):
        offsets = [int(v) for v in line.strip("[]").split(",")]
    elif line.startswith("=====UNSATISFIABLE"):
        status = "infeasible (proven)"
    elif line.startswith("%%%mzn-stat: "):
        key, _, value = line[len("%%%mzn-stat: "):].partition("=")
        stats.setdefault(key, value)
for key in ("solveTime", "nodes", "nogoods"):
    if key in stats:
        print(f"{key}: {stats[key]}", file=sys.stderr)
if offsets is not None:
    # Check the plan independently of the solver.
    off = [0] * n
    for b in order:
        off[b] = offsets[var[b] - 1]
    for i in range(n):
        assert 0 <= off[i] and off[i] + sz[i] <= cap and off[i] % al[i] == 0
    for i, j in overlapping:
        assert off[i] + sz[i] <= off[j] or off[j] + sz[j] <= off[i]
    status = "plan found and checked"
print(f"{args.solver}, capacity {args.capacity}: {status}")
