#!/usr/bin/env python3
"""Lower bounds for a planning problem from relaxations solved by the planner.

Dropping buffers or time points from a problem can only lower its optimum, so
the optimum of such a relaxation is a lower bound of the original problem's.
This script builds two kinds of relaxations of one MiniMalloc CSV problem,
plans each with `mlir-memlint plan --from-csv` and prints, per relaxation,
its max-live lower bound and the planned arena, with "proven" when the
planner reached that lower bound or proved every smaller capacity infeasible
(then the arena is the relaxation's optimum):

  --window W       every window of W consecutive sections (intervals between
                   distinct endpoints), the buffers live in it clipped to it;
  --sections-above B
                   only the sections where at least B bytes are live, each
                   buffer keeping the chosen sections it spans.

A proven relaxation optimum above the max-live lower bound of the whole
problem is a stronger lower bound. (On MiniMalloc's D and J none is: see
docs/memory-plan.md.)

usage: plan_relax.py CSV (--window W | --sections-above B) [--time-limit S]
                     [--tool PATH] [--margin BYTES]
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("csv")
group = parser.add_mutually_exclusive_group(required=True)
group.add_argument("--window", type=int, help="sections per window")
group.add_argument("--sections-above", type=int,
                   help="keep the sections with at least this many live bytes")
parser.add_argument("--time-limit", type=float, default=5.0,
                    help="--plan-time-limit per relaxation (seconds)")
parser.add_argument("--margin", type=int, default=0,
                    help="skip windows whose max-live bound is more than this "
                         "many bytes below the whole problem's")
parser.add_argument("--tool", default=os.path.join(root, "build", "bin", "mlir-memlint"))
args = parser.parse_args()

with open(args.csv) as f:
    buffers = [(int(r["lower"]), int(r["upper"]), int(r["size"]),
                int(r.get("alignment") or 1)) for r in csv.DictReader(f)]
points = sorted({b[0] for b in buffers} | {b[1] for b in buffers})
sections = list(zip(points, points[1:]))

def live_bytes(at):
    return sum(b[2] for b in buffers if b[0] <= at < b[1])

whole_bound = max(live_bytes(lo) for lo, _ in sections)

def plan(relaxed, folder, name):
    """Plans buffers (lower, upper, size, alignment); returns the JSON plan."""
    path = os.path.join(folder, name + ".csv")
    with open(path, "w") as f:
        f.write("id,lower,upper,size,alignment\n")
        for i, (lo, up, size, align) in enumerate(relaxed):
            f.write(f"{i},{lo},{up},{size},{align}\n")
    proc = subprocess.run([args.tool, "plan", "--from-csv", path, "--json", "-",
                           "--plan-time-limit", str(args.time_limit)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"{name}: exit code {proc.returncode}\n{proc.stderr}")
    return json.loads(proc.stdout)["plans"][0]

relaxations = []
if args.window:
    for first in range(len(sections) - args.window + 1):
        t0, t1 = sections[first][0], sections[first + args.window - 1][1]
        relaxed = [(max(lo, t0), min(up, t1), size, align)
                   for lo, up, size, align in buffers if lo < t1 and t0 < up]
        relaxations.append((f"sections {first}..{first + args.window}", relaxed))
else:
    chosen = [lo for lo, _ in sections if live_bytes(lo) >= args.sections_above]
    relaxed = []
    for lo, up, size, align in buffers:
        kept = [c for c, at in enumerate(chosen) if lo <= at < up]
        if kept:
            relaxed.append((kept[0], kept[-1] + 1, size, align))
    relaxations.append((f"{len(chosen)} sections with >= {args.sections_above:,} "
                        f"bytes live", relaxed))

print(f"{os.path.basename(args.csv)}: {len(buffers)} buffers, {len(sections)} "
      f"sections, max-live lower bound {whole_bound:,}\n")
print("| relaxation | buffers | its lower bound | planned | proven |")
print("|---|---|---|---|---|")
best = 0
with tempfile.TemporaryDirectory() as folder:
    for n, (name, relaxed) in enumerate(relaxations):
        bound = 0
        for lo, _ in sections:
            bound = max(bound, sum(b[2] for b in relaxed if b[0] <= lo < b[1]))
        if args.window and bound + args.margin < whole_bound:
            continue
        result = plan(relaxed, folder, f"r{n}")
        proven = result["optimal"]
        if proven:
            best = max(best, result["arenaSize"])
        print(f"| {name} | {len(relaxed)} | {result['lowerBound']:,} "
              f"| {result['arenaSize']:,} | {'yes' if proven else 'no'} |")
print(f"\nlargest proven relaxation optimum: {best:,} "
      f"({'above' if best > whole_bound else 'not above'} the max-live bound "
      f"{whole_bound:,})")
