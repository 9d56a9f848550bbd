#!/usr/bin/env python3
"""Memory-planner benchmark on MiniMalloc's challenging problems.

Runs `mlir-memlint plan --from-csv FILE --json -` on every CSV of a folder
(default: ../shared/benchmarks/minimalloc/challenging, relative to the
repository) and prints a Markdown table: lower bound, the greedy-by-size
best-fit baseline and the planner (height / lower bound, solve time), plus the
process CPU time of the whole run, since wall time on a shared machine depends
on the load.

usage: plan_bench.py [--tool PATH] [--time-limit S] [--csv-dir DIR] [--runs N]
Exit code 0 when every plan validated (the tool validates each plan and
exits 2 otherwise).
"""
import argparse
import glob
import json
import os
import resource
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--tool", default=os.path.join(root, "build", "bin", "mlir-memlint"))
parser.add_argument("--time-limit", type=float, default=1.0,
                    help="--plan-time-limit of the planner (seconds)")
parser.add_argument("--csv-dir", default=os.path.join(
    root, "..", "shared", "benchmarks", "minimalloc", "challenging"))
parser.add_argument("--runs", type=int, default=1,
                    help="runs per file; the best height (then time) is shown")
args = parser.parse_args()

files = sorted(glob.glob(os.path.join(args.csv_dir, "*.csv")))
if not files:
    sys.exit(f"no CSV files in {args.csv_dir}")

def ratio(value, bound):
    return f"{value / bound:.4f}x" if bound else "-"

print(f"planner time limit {args.time_limit:g} s, {args.runs} run(s) per file\n")
print("| file | buffers | lower bound | greedy by size (best fit) | time | planner | time (wall) | CPU | optimal |")
print("|---|---|---|---|---|---|---|---|---|")
at_bound = 0
for path in files:
    best = None
    for _ in range(args.runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run([args.tool, "plan", "--from-csv", path, "--json", "-",
                               "--plan-time-limit", str(args.time_limit)],
                              capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if proc.returncode != 0:
            sys.exit(f"{path}: exit code {proc.returncode}\n{proc.stderr}")
        plan = json.loads(proc.stdout)["plans"][0]
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        key = (plan["arenaSize"], plan["seconds"])
        if best is None or key < best[0]:
            best = (key, plan, cpu)
    _, plan, cpu = best
    lb = plan["lowerBound"]
    at_bound += plan["arenaSize"] == lb
    name = os.path.basename(path).split(".")[0]
    print(f"| {name} | {len(plan['buffers'])} | {lb:,} "
          f"| {plan['greedy']['arenaSize']:,} ({ratio(plan['greedy']['arenaSize'], lb)}) "
          f"| {plan['greedy']['seconds']:.3f} s "
          f"| {plan['arenaSize']:,} ({ratio(plan['arenaSize'], lb)}) "
          f"| {plan['seconds']:.2f} s | {cpu:.2f} s | {'yes' if plan['optimal'] else 'no'} |")
print(f"\n{at_bound} of {len(files)} planned at their lower bound")
