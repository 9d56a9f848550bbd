#!/usr/bin/env python3
"""Property test of --fix (issue: fix-its).

For every input (files given on the command line, and generated buggy
programs from test/fuzz/memlint_fuzz.py), copies it, runs `TOOL --fix` on the
copy and checks that
  1. the fixed file verifies with mlir-opt (when --mlir-opt is given),
  2. it re-lints with no new finding: every finding left was there before
     (by rule and line, through the edits), except perf-missed-reuse, which
     a fix is expected to expose (a dealloc inserted or hoisted ends a
     lifetime earlier, so a later allocation may now reuse the buffer), and
     perf-loop-invariant-alloc (a buffer an iteration leaked is now freed
     in the iteration, an allocation the loop could hoist), and
     the findings of the kinds
     --fix repairs (lifetime-leak, lifetime-double-free,
     lifetime-use-after-free, lifetime-invalid-free) that are left are
     counted as "left",
  3. a second `--fix` changes nothing (fixes are idempotent), and
  4. for generated programs, the exact oracle of their generator
     (memlint_fuzz.py, or cfg_fuzz.py through cfg_text.py, which reads the
     fixed text back; every assignment of the i1 arguments and trip counts)
     finds no bug in the fixed program that is not one of the findings left
     (a fix never adds a bug), and the findings left are counted by the
     oracle: a finding the oracle has and the tool does not is a failure.
Exits 1 on any failure of 1-4, or when more than --max-left of the findings
to fix are left (the fix-its that exist for some shapes only are a known
limitation; the bound keeps it from growing).
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "fuzz"))
import memlint_fuzz  # noqa: E402
import cfg_fuzz  # noqa: E402
import cfg_text  # noqa: E402

FIXED_KINDS = {"lifetime-leak", "lifetime-double-free", "lifetime-use-after-free",
               "lifetime-invalid-free"}


# Rules whose new findings after --fix are expected: the fix ends a lifetime
# earlier, which can expose a missed reuse, and a buffer an iteration leaked
# becomes one it allocates and frees, which the loop-invariant check sees
# (cfg seed 18065).
EXPOSED_BY_FIXES = {"perf-missed-reuse", "perf-loop-invariant-alloc"}

def lint(tool, path, extra=()):
    out = subprocess.run([tool, "--json", "-", "-q", *extra, path],
                         capture_output=True, text=True, timeout=300)
    if out.returncode not in (0, 1):
        return None, out.stderr
    return json.loads(out.stdout), out.stderr


def fix(tool, path, extra=()):
    return subprocess.run([tool, "--fix", "-q", *extra, path],
                          capture_output=True, text=True, timeout=600)


def check_file(tool, mlir_opt, src, work, extra, oracle):
    """Returns a list of failure strings for one input."""
    failures, left_count = [], 0
    name = os.path.basename(src)
    dst = os.path.join(work, name)
    shutil.copyfile(src, dst)
    before, _ = lint(tool, dst, extra)
    if before is None or before["files"][0]["status"] != "ok":
        return [], 0, 0  # not lintable: out of scope
    had = [f for f in before["findings"] if f["rule"] in FIXED_KINDS]
    run = fix(tool, dst, extra)
    if run.returncode not in (0, 1):
        return ["%s: --fix failed (exit %d): %s" % (name, run.returncode,
                                                    run.stderr.strip()[-300:])], len(had), 0
    with open(dst) as f:
        fixed = f.read()
    if mlir_opt:
        v = subprocess.run([mlir_opt, "--allow-unregistered-dialect", *([]), dst,
                            "-o", os.devnull], capture_output=True, text=True)
        if v.returncode != 0 and "--load-dialect-plugin" not in " ".join(extra):
            failures.append("%s: fixed file does not verify: %s" %
                            (name, v.stderr.strip()[:300]))
    after, _ = lint(tool, dst, extra)
    if after is None:
        return failures + ["%s: the fixed file does not lint" % name], len(had), 0
    # Findings left must be findings of before, moved by the inserted or
    # deleted lines: match them by rule and the text of their source line.
    with open(src) as f:
        src_lines = f.read().split("\n")
    fixed_lines = fixed.split("\n")

    def key_of(f, lines):
        line = f["location"]["line"]
        text = lines[line - 1].strip() if 0 < line <= len(lines) else ""
        return (f["rule"], text)

    old = {}
    for f in before["findings"]:
        k = key_of(f, src_lines)
        old[k] = old.get(k, 0) + 1
    left_lines = set()
    for f in after["findings"]:
        key = key_of(f, fixed_lines)
        if old.get(key, 0) == 0 and f["rule"] in EXPOSED_BY_FIXES:
            continue
        if old.get(key, 0) == 0:
            failures.append("%s:%d: new finding after --fix: %s: %s" %
                            (name, f["location"]["line"], f["rule"], f["message"]))
            continue
        old[key] -= 1
        if f["rule"] in FIXED_KINDS:
            left_count += 1
            left_lines.add((f["rule"], f["location"]["line"]))
            print("note: %s:%d: %s left after --fix: %s" %
                  (name, f["location"]["line"], f["rule"], f["message"]))
    run2 = fix(tool, dst, extra)
    with open(dst) as f:
        again = f.read()
    if again != fixed:
        failures.append("%s: a second --fix changed the file" % name)
    if oracle:
        try:
            truth = oracle(fixed)
        except (memlint_fuzz.ParseError, cfg_text.ParseError) as e:
            failures.append("%s: fixed program outside the oracle's subset: %s" %
                            (name, e))
        except (memlint_fuzz.StepLimit, cfg_fuzz.StepLimit):
            truth = {}
        else:
            for (rule, line), _ in sorted(truth.items()):
                if (rule, line) not in left_lines and rule in FIXED_KINDS:
                    failures.append("%s:%d: oracle: %s in the fixed program "
                                    "that the tool does not report" %
                                    (name, line, rule))
    return failures, len(had), left_count


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", required=True)
    ap.add_argument("--mlir-opt")
    ap.add_argument("--seeds", default="0:0", help="generated programs A:B")
    ap.add_argument("--cfg-seeds", default="0:0",
                    help="programs A:B of cfg_fuzz.py (random CFG shapes, each "
                         "style in turn), checked by its exact oracle through "
                         "cfg_text.py, which reads the fixed text back")
    ap.add_argument("--recursion-ratio", type=float, default=0.0,
                    help="share of cfg_fuzz.py callees that call themselves "
                         "under a counter (default 0)")
    ap.add_argument("--gen-size", default="",
                    help="sizes of memlint_fuzz.py programs, e.g. "
                         "depth=5,templates=5,conds=6 (default: its own)")
    ap.add_argument("--extra", action="append", default=[],
                    help="extra tool argument (repeatable)")
    ap.add_argument("--work", help="work directory (default: temporary)")
    ap.add_argument("--max-left", type=float, default=0.0,
                    help="largest fraction of findings to fix that may be "
                         "left after --fix (default 0)")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    for item in filter(None, args.gen_size.split(",")):
        key, _, value = item.partition("=")
        if key not in memlint_fuzz.SIZE or not value.isdigit():
            ap.error("--gen-size: expected %s=N, got '%s'" %
                     ("|".join(sorted(memlint_fuzz.SIZE)), item))
        memlint_fuzz.SIZE[key] = int(value)
    work = args.work or tempfile.mkdtemp(prefix="memlint-fix-")
    os.makedirs(work, exist_ok=True)
    failures, to_fix, left, inputs = [], 0, 0, 0
    # (path, work folder, extra arguments, exact oracle of a fixed text):
    # the files given (no oracle), then the generated programs, each with the
    # exact oracle of its generator.
    runs = [(path, work, args.extra, None) for path in args.files]
    gen_dir = os.path.join(work, "fixed")
    os.makedirs(gen_dir, exist_ok=True)
    for seeds, make, prefix, oracle in (
            (args.seeds, memlint_fuzz.make_program, "gen",
             lambda text: memlint_fuzz.ground_truth(memlint_fuzz.parse_module(text))),
            (args.cfg_seeds,
             lambda seed, buggy_ratio: cfg_fuzz.make_program(
                 seed, buggy_ratio, recursion_ratio=args.recursion_ratio),
             "cfg",
             cfg_text.ground_truth_text)):
        a, b = (int(x) for x in seeds.split(":"))
        for seed in range(a, b):
            src = os.path.join(work, "%s_%d.mlir" % (prefix, seed))
            with open(src, "w") as f:
                f.write(make(seed, buggy_ratio=1.0).text)
            runs.append((src, gen_dir, [], oracle))
    for path, folder, extra, oracle in runs:
        f, had, l = check_file(args.tool, args.mlir_opt, path, folder, extra, oracle)
        inputs += 1
        to_fix += had
        left += l
        failures += f
    for line in failures:
        print(line)
    ratio = left / to_fix if to_fix else 0.0
    print("%d inputs, %d findings to fix, %d fixed, %d left (%.1f%%), %d failures" %
          (inputs, to_fix, to_fix - left, left, 100 * ratio, len(failures)))
    if ratio > args.max_left:
        print("error: more findings left than --max-left=%.3f" % args.max_left)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
