#!/usr/bin/env python3
"""Do two builds of mlir-memlint give the same output?

For a refactoring or a speed-up that must not change behaviour: runs the
"before" and "after" tools on the same inputs and compares, file by file,

  * the JSON report (`--stats --json -`) with every "seconds" object removed
    (findings, notes, witnesses, fix-its, verdicts, and the per-file figures:
    functions, ops, buffers, steps, states, ...), and
  * the text output (stdout and stderr of a plain run, `--stats` lines
    without their timings).

Inputs are .mlir files or folders (searched recursively), plus generated
programs: `--fuzz N` writes N programs of the differential testers
(test/fuzz/memlint_fuzz.py and every style of test/fuzz/cfg_fuzz.py, in
turn) and `--bench "N ..."` programs of bench/gen_program.py with N ops.
Files are linted in batches (one tool run per batch and build), so 10,000
programs take minutes.

    bench/compare_builds.py --before OLD/mlir-memlint --after build/bin/mlir-memlint \\
        examples ../shared/corpus --fuzz 10000 --bench "100000 1000000"

Prints one line per kind of input and the first differences; exits 0 when
everything is identical, 1 otherwise, 2 on a usage error.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)
TIMING = re.compile(r" (read|parse|analysis|lint|output)=[0-9.]+s")


def strip_seconds(value):
    if isinstance(value, dict):
        return {k: strip_seconds(v) for k, v in value.items() if k != "seconds"}
    if isinstance(value, list):
        return [strip_seconds(v) for v in value]
    return value


def run(tool, args, files, timeout):
    p = subprocess.run([tool] + args + files, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def outputs(tool, files, flags, timeout):
    """The normalized outputs of `tool` on `files`: (json, text)."""
    rc, out, err = run(tool, flags + ["--stats", "--json", "-"], files, timeout)
    try:
        doc = strip_seconds(json.loads(out))
    except ValueError:
        doc = {"unparsable": out.decode(errors="replace")}
    rc2, out2, err2 = run(tool, flags + ["--stats"], files, timeout)
    text = TIMING.sub("", (out2 + b"\n--- stderr\n" + err2).decode(errors="replace"))
    text = re.sub(r" jobs=\d+", "", text)
    return (rc, json.dumps(doc, indent=1)), (rc2, text)


def first_difference(a, b):
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return "line %d:\n  before: %s\n  after:  %s" % (i + 1, x[:200], y[:200])
    return "lengths differ: %d and %d lines" % (len(la), len(lb))


def mlir_files(paths):
    files = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, names in os.walk(p):
                dirs.sort()
                files += [os.path.join(root, n) for n in sorted(names) if n.endswith(".mlir")]
        else:
            files.append(p)
    return files


def generate_fuzz(n, out):
    """N programs of the differential testers, in turn: memlint_fuzz and each
    style of cfg_fuzz (their make_program, seeds 0, 1, ...)."""
    sys.path.insert(0, os.path.join(SRC, "test", "fuzz"))
    import cfg_fuzz
    import memlint_fuzz
    gens = [("memlint", lambda seed: memlint_fuzz.make_program(seed).text)]
    for style in cfg_fuzz.STYLES:
        gens.append(("cfg-" + style,
                     lambda seed, style=style: cfg_fuzz.make_program(seed, style=style).text))
    files = []
    for k in range(n):
        name, make = gens[k % len(gens)]
        seed = k // len(gens)
        f = os.path.join(out, "%s-%d.mlir" % (name, seed))
        if not os.path.exists(f):
            os.makedirs(out, exist_ok=True)
            with open(f, "w") as fh:
                fh.write(make(seed))
        files.append(f)
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--before", required=True, help="the reference mlir-memlint")
    ap.add_argument("--after", required=True, help="the mlir-memlint under test")
    ap.add_argument("inputs", nargs="*", help=".mlir files or folders")
    ap.add_argument("--fuzz", type=int, default=0, help="generated programs of the differential testers")
    ap.add_argument("--bench", default="", help='sizes of bench/gen_program.py programs, e.g. "100000 1000000"')
    ap.add_argument("--batch", type=int, default=100, help="files per tool run (default 100)")
    ap.add_argument("--timeout", type=float, default=1800)
    ap.add_argument("--flag", action="append", default=[], metavar="FLAG",
                    help="an extra flag for both tools (repeatable), e.g. "
                         "--flag=--load-dialect-plugin=build/lib/MemLintTestDialectPlugin.so")
    ap.add_argument("--work", help="where generated inputs go (default: a temp dir)")
    args = ap.parse_args()
    for t in (args.before, args.after):
        if not os.access(t, os.X_OK):
            print("compare_builds: not an executable: %s" % t, file=sys.stderr)
            return 2
    work = args.work or tempfile.mkdtemp(prefix="compare-builds-")
    groups = []
    if args.inputs:
        groups.append(("inputs", mlir_files(args.inputs)))
    if args.fuzz:
        groups.append(("fuzz", generate_fuzz(args.fuzz, os.path.join(work, "fuzz"))))
    for size in args.bench.split():
        f = os.path.join(work, "bench-%s.mlir" % size)
        if not os.path.exists(f):
            subprocess.run([sys.executable, os.path.join(HERE, "gen_program.py"), "--ops", size,
                            "--seed", "1", "-o", f], check=True)
        groups.append(("bench %s ops" % size, [f]))
    # Unregistered ops are accepted, as the corpus tests do (add the test
    # dialect plugin with --flag for the corpus's test-dialect files).
    flags = ["--allow-unregistered-dialect"] + args.flag
    differ = 0
    for name, files in groups:
        same = 0
        shown = 0
        for i in range(0, len(files), args.batch):
            batch = files[i:i + args.batch]
            a = outputs(args.before, batch, flags, args.timeout)
            b = outputs(args.after, batch, flags, args.timeout)
            if a == b:
                same += len(batch)
                continue
            # Find the files that differ, one by one.
            for f in batch:
                fa = outputs(args.before, [f], flags, args.timeout)
                fb = outputs(args.after, [f], flags, args.timeout)
                if fa == fb:
                    same += 1
                    continue
                differ += 1
                if shown < 5:
                    shown += 1
                    kind = "json" if fa[0] != fb[0] else "text"
                    x, y = (fa[0], fb[0]) if kind == "json" else (fa[1], fb[1])
                    print("DIFFERENT (%s, exit %s and %s): %s\n%s" % (
                        kind, x[0], y[0], f, first_difference(x[1], y[1])))
        print("%-16s %6d files, %6d identical" % (name, len(files), same))
    print("compare_builds: %s" % ("identical" if not differ else "%d files differ" % differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
