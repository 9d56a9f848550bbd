#!/usr/bin/env python3
"""How the cost of the hostile shapes grows with their size (issue 17).

For each shape of bench/gen_hostile.py and each size N it runs
`mlir-memlint --stats -j 1` once per round (the best of --runs rounds is
kept) and prints wall time, peak RSS, the exploration's op executions
(steps), whether the analysis was complete, the findings, and the growth of
time and steps from the previous size (a doubling of N: 2x is linear, 4x
quadratic).

Usage: bench/scaling_bench.py [--tool PATH] [--runs N] [--shapes a,b]
                              [--sizes-select-chain 32,64,...] ...
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

DEFAULT_SIZES = {
    "select-chain": [32, 64, 128, 256, 512, 1024],
    "swap-nest": [32, 64, 128, 256, 512],
    "if-nest": [1250, 2500, 5000, 10000, 20000],
    "loop-nest": [2, 4, 8, 12, 16],
}


def run_once(tool, path):
    """Returns (seconds, peak RSS in MiB, stats text, exit code)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    proc = subprocess.run([tool, "--stats", "-j", "1", path],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True)
    seconds = time.perf_counter() - start
    # ru_maxrss of the children is the largest so far: run each size in
    # increasing order, so the figure is this run's unless an earlier run of
    # the same shape was larger (then it is marked '<=').
    after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, after / 1024.0, after > before, proc.stderr, proc.returncode


def field(stats, name):
    m = re.search(r"\b%s=([0-9.]+)" % re.escape(name), stats)
    return m.group(1) if m else "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", default=os.path.join(ROOT, "build", "bin",
                                                       "mlir-memlint"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--shapes", default=",".join(DEFAULT_SIZES))
    for shape in DEFAULT_SIZES:
        parser.add_argument("--sizes-" + shape, default=None,
                            help="comma-separated sizes of " + shape)
    args = parser.parse_args()
    print("%-13s %7s %9s %9s %9s %9s %9s %9s %s" %
          ("shape", "N", "seconds", "x prev", "steps", "x prev", "RSS MiB",
           "complete", "findings"))
    with tempfile.TemporaryDirectory() as work:
        for shape in args.shapes.split(","):
            given = getattr(args, "sizes_" + shape.replace("-", "_"))
            sizes = ([int(n) for n in given.split(",")] if given
                     else DEFAULT_SIZES[shape])
            prev = None
            for n in sizes:
                path = os.path.join(work, "%s-%d.mlir" % (shape, n))
                with open(path, "w") as out:
                    subprocess.run([sys.executable,
                                    os.path.join(HERE, "gen_hostile.py"),
                                    shape, str(n)], stdout=out, check=True)
                best = None
                for _ in range(args.runs):
                    result = run_once(args.tool, path)
                    if best is None or result[0] < best[0]:
                        best = result
                seconds, rss, fresh, stats, code = best
                if code not in (0, 1):
                    print("%-13s %7d  exit %d" % (shape, n, code))
                    break
                steps = field(stats, "steps")
                incomplete = field(stats, "incomplete-functions")
                findings = field(stats, "findings")
                grow_t = "%.2f" % (seconds / prev[0]) if prev else "-"
                grow_s = ("%.2f" % (int(steps) / int(prev[1]))
                          if prev and steps != "?" and prev[1] not in ("?", "0")
                          else "-")
                print("%-13s %7d %9.3f %9s %9s %9s %9s %9s %s" %
                      (shape, n, seconds, grow_t, steps, grow_s,
                       ("%.0f" if fresh else "<=%.0f") % rss,
                       "yes" if incomplete == "0" else "NO", findings))
                sys.stdout.flush()
                prev = (seconds, steps)


if __name__ == "__main__":
    main()
