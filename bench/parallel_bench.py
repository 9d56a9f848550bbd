#!/usr/bin/env python3
"""Parallel throughput of mlir-memlint: -j 1 against -j N on many files.

This is a benchmark, not a test. It generates a folder of programs with
bench/gen_program.py (one seed per file), lints the folder with -j 1 and with
-j N (best of --runs wall times each), writing every output at once (text on
stderr, JSON, SARIF, GitHub annotations), checks that the outputs of the two
runs are byte-identical, and prints the throughput ratio.

usage: bench/parallel_bench.py [--tool PATH] [--files 200] [--ops 2000]
                               [--buggy-every 20] [--jobs 2] [--runs 5]
                               [--work DIR] [--min-ratio 1.7]
Exits 1 when the outputs differ or the ratio is below --min-ratio.
"""
import argparse
import filecmp
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def generate(work, files, ops, buggy_every):
    """Memory-correct programs, except every `buggy_every`-th one, generated
    without deallocs so that the outputs have findings (leaks) to compare."""
    os.makedirs(work, exist_ok=True)
    for seed in range(1, files + 1):
        buggy = buggy_every > 0 and seed % buggy_every == 0
        path = os.path.join(work, f"prog_{seed:04d}{'_leaky' if buggy else ''}.mlir")
        if not os.path.exists(path):
            subprocess.run([sys.executable, os.path.join(HERE, "gen_program.py"),
                            "--ops", str(ops), "--seed", str(seed), "-o", path]
                           + (["--no-deallocs"] if buggy else []),
                           check=True)


SPIN = "x = 0\nfor i in range(15_000_000): x += i\n"


def calibrate(jobs):
    """How many cores the machine gives us right now: the time of one busy
    loop over the wall time of `jobs` copies run at once, times `jobs`.
    Another process using a core (a build, another benchmark) shows here."""
    def run(n):
        start = time.perf_counter()
        procs = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(n)]
        for p in procs:
            p.wait()
        return time.perf_counter() - start
    one = min(run(1) for _ in range(2))
    many = min(run(jobs) for _ in range(2))
    return jobs * one / many


def lint(tool, inputs, jobs, out):
    os.makedirs(out, exist_ok=True)
    cmd = [tool, "--color=never", "-j", str(jobs), "--base-dir", inputs, inputs,
           "--json", os.path.join(out, "report.json"),
           "--sarif", os.path.join(out, "report.sarif"), "--format=github"]
    start = time.perf_counter()
    with open(os.path.join(out, "github.txt"), "w") as stdout, \
            open(os.path.join(out, "text.txt"), "w") as stderr:
        rc = subprocess.run(cmd, stdout=stdout, stderr=stderr).returncode
    elapsed = time.perf_counter() - start
    if rc not in (0, 1):
        sys.exit(f"error: {' '.join(cmd)} exited with {rc}")
    return elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "bin", "mlir-memlint"))
    ap.add_argument("--files", type=int, default=200)
    ap.add_argument("--ops", type=int, default=2000, help="ops per file")
    ap.add_argument("--buggy-every", type=int, default=20,
                    help="every Nth file leaks (0: none)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--work", help="folder for the inputs (kept, reused)")
    ap.add_argument("--min-ratio", type=float, default=1.7)
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="memlint-parallel-")
    try:
        inputs = args.work or os.path.join(tmp, "inputs")
        generate(inputs, args.files, args.ops, args.buggy_every)
        # Runs alternate between -j 1 and -j N so that a load change on the
        # machine hits both; the best run of each counts.
        times = {1: [], args.jobs: []}
        for _ in range(args.runs):
            for jobs in times:
                times[jobs].append(
                    lint(args.tool, inputs, jobs, os.path.join(tmp, f"j{jobs}")))
        best = {jobs: min(t) for jobs, t in times.items()}
        for jobs, t in times.items():
            print(f"-j {jobs}: best {best[jobs]:.2f} s of "
                  f"{', '.join(f'{x:.2f}' for x in t)}")
        same = True
        for name in ("report.json", "report.sarif", "github.txt", "text.txt"):
            equal = filecmp.cmp(os.path.join(tmp, "j1", name),
                                os.path.join(tmp, f"j{args.jobs}", name),
                                shallow=False)
            same &= equal
            print(f"{name}: {'identical' if equal else 'DIFFERENT'}")
        ratio = best[1] / best[args.jobs]
        cores = calibrate(args.jobs)
        print(f"cores available to {args.jobs} busy processes, measured after "
              f"the runs: {cores:.2f} (other load on the machine caps the ratio)")
        print(f"{args.files} files x {args.ops} ops: -j {args.jobs} runs at "
              f"{ratio:.2f}x the throughput of -j 1 (target {args.min_ratio}x, "
              f"{os.cpu_count()} cores)")
        return 0 if same and ratio >= args.min_ratio else 1
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    sys.exit(main())
