#!/usr/bin/env python3
"""Dynamic test of mlir-memlint's fix-its: run buggy programs under valgrind
before and after `mlir-memlint --fix`.

Every input program (Inputs/*.mlir) holds a buggy kernel and a `@main() -> i32`
that calls the kernel for every combination of its i1 conditions (and a few
loop trip counts), and a comment

    // EXPECT-VALGRIND: KIND [KIND...]

listing the kinds of valgrind errors the program has (definitely-lost,
indirectly-lost, possibly-lost, invalid-read, invalid-write, invalid-free,
mismatched-free, uninit). For each program this script

1. lints the original: mlir-memlint must report something (exit code 1);
2. lowers it to the LLVM dialect with mlir-opt, translates it to LLVM IR with
   mlir-translate, compiles it with llc and links it with the C compiler;
3. runs it under valgrind (memcheck, --leak-check=full): the set of error
   kinds observed must be exactly the EXPECT-VALGRIND set;
4. runs `mlir-memlint --fix-dry-run` on a copy (it must print a diff and leave
   the copy untouched), then `mlir-memlint --fix` on it: the copy must change
   and re-lint with no finding (exit code 0);
5. lowers, compiles and runs the fixed copy under valgrind: it must exit with
   the program's own exit code 0, with no valgrind error and no heap block in
   use at exit.

Programs given with --unfixed-inputs are known bugs the tool does not fix
yet: they must pass steps 1-3 and fail at step 4 (XFAIL); one that passes
every step (XPASS), or fails at another step, is a failure.

It prints one table row per program and exits 1 if any check failed.
Standard library only (Python >= 3.8).
"""

import argparse
import json
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time

KINDS = (
    "definitely-lost",
    "indirectly-lost",
    "possibly-lost",
    "invalid-read",
    "invalid-write",
    "invalid-free",
    "mismatched-free",
    "uninit",
)

# valgrind (memcheck) error headers -> kind. Anything else that valgrind
# counts as an error is caught by the ERROR SUMMARY check.
PATTERNS = (
    (re.compile(r"are definitely lost in loss record"), "definitely-lost"),
    (re.compile(r"are indirectly lost in loss record"), "indirectly-lost"),
    (re.compile(r"are possibly lost in loss record"), "possibly-lost"),
    (re.compile(r"^Invalid read of size"), "invalid-read"),
    (re.compile(r"^Invalid write of size"), "invalid-write"),
    (re.compile(r"^Invalid free\(\)"), "invalid-free"),
    (re.compile(r"^Mismatched free\(\)"), "mismatched-free"),
    (re.compile(r"^(Conditional jump or move depends on uninitialised"
                r"|Use of uninitialised value)"), "uninit"),
)

VALGRIND_EXIT = 99

LOWERING = [
    "--expand-strided-metadata",
    "--convert-scf-to-cf",
    "--lower-affine",
    "--finalize-memref-to-llvm",
    "--convert-arith-to-llvm",
    "--convert-index-to-llvm",
    "--convert-cf-to-llvm",
    "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
]

EXPECT_RE = re.compile(r"^\s*//\s*EXPECT-VALGRIND:\s*(.*?)\s*$", re.M)


class Failure(Exception):
    """A failed check; `stage` says which step of the protocol failed."""

    def __init__(self, msg, stage="setup"):
        super().__init__(msg)
        self.stage = stage


def clip(text, lines=12):
    text = text.rstrip("\n").split("\n")
    if len(text) > lines:
        text = text[:lines] + [f"[... {len(text) - lines} more lines]"]
    return "\n".join(text)


def find_tool(name, explicit=None):
    path = shutil.which(explicit or name)
    if not path:
        raise SystemExit(f"run_dynamic: cannot find '{explicit or name}' "
                         f"(run scripts/setup.sh to install what is missing)")
    return path


def run(cmd, what, timeout=120, check=True, stage="setup"):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Failure(f"{what}: timed out after {timeout}s: {' '.join(cmd)}",
                      stage)
    if check and p.returncode != 0:
        raise Failure(f"{what}: exit code {p.returncode}: {' '.join(cmd)}\n"
                      + clip(p.stdout + p.stderr), stage)
    return p


def parse_expect(path):
    with open(path) as f:
        text = f.read()
    found = EXPECT_RE.findall(text)
    if len(found) != 1:
        raise Failure(f"{path}: expected exactly one EXPECT-VALGRIND line, "
                      f"found {len(found)}")
    kinds = set(found[0].split())
    unknown = kinds - set(KINDS)
    if not kinds or unknown:
        raise Failure(f"{path}: bad EXPECT-VALGRIND kinds {sorted(unknown)} "
                      f"(known: {', '.join(KINDS)})")
    return kinds


def parse_valgrind(log_path, stage):
    """Returns (kinds, error_count, in_use_bytes) of a memcheck log."""
    kinds = set()
    errors = None
    in_use = None
    with open(log_path) as f:
        for line in f:
            m = re.match(r"==\d+== (.*)$", line.rstrip("\n"))
            if not m:
                continue
            msg = m.group(1)
            for pat, kind in PATTERNS:
                if pat.search(msg):
                    kinds.add(kind)
            m = re.match(r"ERROR SUMMARY: ([\d,]+) errors", msg)
            if m:
                errors = int(m.group(1).replace(",", ""))
            m = re.match(r"\s*in use at exit: ([\d,]+) bytes", msg)
            if m:
                in_use = int(m.group(1).replace(",", ""))
    if errors is None or in_use is None:
        raise Failure(f"{log_path}: no ERROR SUMMARY / HEAP SUMMARY in the "
                      f"valgrind log", stage)
    return kinds, errors, in_use


class Runner:
    def __init__(self, args):
        self.tool = find_tool("mlir-memlint", args.tool)
        self.mlir_opt = find_tool("mlir-opt", args.mlir_opt)
        self.mlir_translate = find_tool("mlir-translate", args.mlir_translate)
        self.llc = find_tool("llc", args.llc)
        cc = args.cc or next((c for c in ("cc", "clang", "gcc")
                              if shutil.which(c)), None)
        self.cc = find_tool(cc or "cc")
        self.valgrind = find_tool("valgrind", args.valgrind)
        self.out_dir = args.out_dir

    def build(self, src, stem, stage):
        """Lowers src to an executable <stem> next to it."""
        llvm_mlir = stem + ".llvm.mlir"
        ll = stem + ".ll"
        obj = stem + ".o"
        run([self.mlir_opt, src] + LOWERING + ["-o", llvm_mlir], "mlir-opt", stage=stage)
        run([self.mlir_translate, "--mlir-to-llvmir", llvm_mlir, "-o", ll],
            "mlir-translate", stage=stage)
        run([self.llc, "-O0", "-relocation-model=pic", "-filetype=obj", ll,
             "-o", obj], "llc", stage=stage)
        run([self.cc, obj, "-o", stem, "-lm"], "cc", stage=stage)
        return stem

    def valgrind_run(self, exe, stage):
        log = exe + ".valgrind.log"
        p = run([self.valgrind, "--tool=memcheck", "--leak-check=full",
                 f"--error-exitcode={VALGRIND_EXIT}",
                 "--errors-for-leak-kinds=definite,indirect",
                 "--show-leak-kinds=definite,indirect,possible",
                 f"--log-file={log}", exe],
                "valgrind", check=False, stage=stage)
        kinds, errors, in_use = parse_valgrind(log, stage)
        return p.returncode, kinds, errors, in_use, log

    def lint(self, path, extra=()):
        return run([self.tool] + list(extra) + [path], "mlir-memlint",
                   check=False)

    def findings(self, path, stage):
        """Lints path; returns (exit code, list of rule ids found)."""
        p = self.lint(path, ["--json", "-"])
        try:
            report = json.loads(p.stdout)
            rules = [f["rule"] for f in report["findings"]]
        except (ValueError, KeyError, TypeError) as e:
            raise Failure(f"mlir-memlint --json: bad report ({e}), exit code "
                          f"{p.returncode}\n" + clip(p.stdout + p.stderr),
                          stage)
        return p.returncode, rules

    def check_program(self, src, known_unfixed=False):
        name = os.path.splitext(os.path.basename(src))[0]
        if known_unfixed:
            name = "unfixed/" + name
        work = os.path.join(self.out_dir, name)
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        row = {"name": name, "found": "-", "before": "-", "after": "-",
               "ok": False, "error": None, "stage": None,
               "known_unfixed": known_unfixed}
        t0 = time.monotonic()
        try:
            self.check_steps(src, work, row)
            row["ok"] = True
        except Failure as e:
            row["error"] = str(e)
            row["stage"] = e.stage
        row["time"] = time.monotonic() - t0
        return row

    def check_steps(self, src, work, row):
        expected = parse_expect(src)
        with open(src) as f:
            src_text = f.read()
        orig = os.path.join(work, "original.mlir")
        fixed = os.path.join(work, "fixed.mlir")
        shutil.copyfile(src, orig)
        shutil.copyfile(src, fixed)

        # 1. The linter finds the bugs.
        rc, rules = self.findings(orig, "lint")
        if rc != 1 or not rules:
            raise Failure(f"mlir-memlint on the original: expected findings "
                          f"and exit code 1, got {len(rules)} findings and "
                          f"exit code {rc}", "lint")
        row["found"] = ",".join(
            f"{r.replace('lifetime-', '')}:{rules.count(r)}"
            for r in sorted(set(rules)))

        # 2-3. The original misbehaves under valgrind, as expected.
        exe = self.build(orig, os.path.join(work, "original"), "before")
        rc, kinds, errors, _, log = self.valgrind_run(exe, "before")
        row["before"] = ",".join(sorted(kinds)) or "clean"
        if rc != VALGRIND_EXIT or errors == 0:
            raise Failure(f"original: expected valgrind errors (exit code "
                          f"{VALGRIND_EXIT}), got exit code {rc} and {errors} "
                          f"errors; see {log}", "before")
        if kinds != expected:
            raise Failure(f"original: valgrind reported {sorted(kinds)}, "
                          f"EXPECT-VALGRIND says {sorted(expected)}; "
                          f"see {log}", "before")

        # 4. The fix: a dry run prints a diff and changes nothing; --fix
        # rewrites the copy, and the result re-lints with no finding.
        p = self.lint(fixed, ["--fix-dry-run"])
        with open(fixed) as f:
            if f.read() != src_text:
                raise Failure("--fix-dry-run modified the file", "fix")
        if not re.search(r"^[-+](?![-+]{2} )", p.stdout, re.M):
            raise Failure(f"--fix-dry-run printed no change (exit code "
                          f"{p.returncode})\n" + clip(p.stdout + p.stderr),
                          "fix")
        p = self.lint(fixed, ["--fix"])
        with open(fixed) as f:
            fixed_text = f.read()
        if fixed_text == src_text:
            raise Failure(f"--fix left the file unchanged (exit code "
                          f"{p.returncode})\n" + clip(p.stdout + p.stderr),
                          "fix")
        with open(os.path.join(work, "fix.diff"), "w") as f:
            f.write(run(["diff", "-u", orig, fixed], "diff",
                        check=False).stdout)
        rc, rules = self.findings(fixed, "fix")
        if rc != 0 or rules:
            raise Failure(f"the fixed file still has {len(rules)} finding(s) "
                          f"{sorted(set(rules))} (exit code {rc}); see "
                          f"{fixed} and {os.path.join(work, 'fix.diff')}",
                          "fix")

        # 5. The fixed program runs clean: its own exit code 0, no valgrind
        # error, and every heap block freed.
        exe = self.build(fixed, os.path.join(work, "fixed"), "after")
        rc, kinds, errors, in_use, log = self.valgrind_run(exe, "after")
        row["after"] = ",".join(sorted(kinds)) or "clean"
        if rc != 0 or errors != 0 or kinds:
            raise Failure(f"fixed: expected a clean run, got exit code {rc}, "
                          f"{errors} errors {sorted(kinds)}; see {log}",
                          "after")
        if in_use != 0:
            raise Failure(f"fixed: {in_use} bytes still in use at exit; "
                          f"see {log}", "after")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--inputs", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "Inputs"),
        help="directory of input programs (*.mlir, not recursive)")
    ap.add_argument("--out-dir", required=True, help="scratch directory")
    ap.add_argument("--unfixed-inputs", metavar="DIR",
                    help="directory of programs with known bugs the tool "
                         "does not fix yet (*.mlir): each must misbehave "
                         "under valgrind as expected and then fail at the "
                         "fix step (XFAIL); one that is now fixed (XPASS) "
                         "fails the run")
    ap.add_argument("--tool", help="mlir-memlint binary (default: PATH)")
    ap.add_argument("--mlir-opt")
    ap.add_argument("--mlir-translate")
    ap.add_argument("--llc")
    ap.add_argument("--cc", help="C compiler used to link (default: cc)")
    ap.add_argument("--valgrind")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("programs", nargs="*",
                    help="only these programs (names or paths)")
    args = ap.parse_args()

    def mlir_files(d):
        return sorted(os.path.join(d, f) for f in os.listdir(d)
                      if f.endswith(".mlir"))

    if args.programs:
        srcs = [p if os.path.exists(p) else
                os.path.join(args.inputs, p if p.endswith(".mlir")
                             else p + ".mlir") for p in args.programs]
    else:
        srcs = mlir_files(args.inputs)
    if not srcs:
        raise SystemExit(f"run_dynamic: no input programs in {args.inputs}")
    jobs = [(src, False) for src in srcs]
    if args.unfixed_inputs:
        unfixed = mlir_files(args.unfixed_inputs)
        if not unfixed:
            raise SystemExit(f"run_dynamic: no input programs in "
                             f"{args.unfixed_inputs}")
        jobs += [(src, True) for src in unfixed]
    args.out_dir = os.path.abspath(args.out_dir)
    os.makedirs(args.out_dir, exist_ok=True)
    runner = Runner(args)

    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        rows = list(pool.map(lambda job: runner.check_program(*job), jobs))

    for r in rows:
        if not r["known_unfixed"]:
            r["result"] = "PASS" if r["ok"] else "FAIL"
            r["good"] = r["ok"]
        elif r["ok"]:
            r["result"] = "XPASS"
            r["good"] = False
            r["error"] = ("the tool now fixes this known-unfixed program: "
                          "move it to the fixed inputs")
        else:
            # Only a failure at the fix step is the known limitation; a bug
            # that valgrind does not see, or a fix that lints clean but still
            # misbehaves, is a real failure.
            r["good"] = r["stage"] == "fix"
            r["result"] = "XFAIL" if r["good"] else "FAIL"

    head = ("program", "mlir-memlint findings", "valgrind before --fix",
            "valgrind after --fix", "result", "time")
    table = [head] + [(r["name"], r["found"], r["before"], r["after"],
                       r["result"], f"{r['time']:.1f}s") for r in rows]
    widths = [max(len(t[i]) for t in table) for i in range(len(head))]
    for i, t in enumerate(table):
        print("  ".join(c.ljust(w) for c, w in zip(t, widths)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    for r in rows:
        if r["error"]:
            # An expected failure only needs its first line (what was left).
            err = (r["error"].split("\n")[0] if r["result"] == "XFAIL"
                   else r["error"])
            print(f"\n{r['result']} {r['name']} ({r['stage'] or 'done'}): "
                  f"{err}")
    bad = [r for r in rows if not r["good"]]
    print(f"\n{len(rows) - len(bad)} as expected, {len(bad)} failed "
          f"({time.monotonic() - t0:.1f}s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
