#!/usr/bin/env python3
"""Self-test of cfg_text.py (the text front end of cfg_fuzz.py's oracle).

1. Hand-written cases: constructs `mlir-memlint --fix` adds (an `scf.if`
   guard with an implicit terminator, a new block on an edge, an ownership
   flag through a join, an op spread over lines) give the findings expected;
   text outside the subset raises ParseError at the right line.
2. Round trip: for seeds A:B of cfg_fuzz.make_program in every style,
   parse_module(program.text) has exactly the ground truth of the program's
   own module, and render_module of it gives the text back.
3. With --tool: the same programs after `TOOL --fix` parse, and their ground
   truth runs. Reported, not failures: the findings the oracle still has after
   --fix, by rule, and (--compare) the ones the re-lint of the fixed file does
   not report (with --strict these fail: a fix must not add an unreported
   bug).

Standard library only. The last line is `N passed, M failed`; exit 1 on a
failure.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cfg_fuzz  # noqa: E402
import cfg_text  # noqa: E402

LEAK, DFREE, UAF, INVALID = cfg_fuzz.base.RULES

# (name, text, expected ground truth as {(rule, line)} or the line of the ParseError)
CASES = [
    ("guard without else or yield", """\
func.func @f(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  scf.if %c {
    memref.dealloc %a : memref<16xf32>
  }
  return
}
""", {(LEAK, 2)}),
    ("guard with an else on the select condition", """\
func.func @f(%c: i1) {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  %s = arith.select %c, %a, %b : memref<16xf32>
  scf.if %c {
  } else {
    memref.dealloc %s : memref<16xf32>
  }
  memref.dealloc %a : memref<16xf32>
  return
}
""", {(LEAK, 3)}),
    ("ownership flag through a join, block on an edge, op over two lines", """\
// header
func.func @f(%c: i1, %d: i1) {
  %memlint_true_9 = arith.constant true
  %memlint_false_9 = arith.constant false
  %x = memref.alloc() : memref<16xf32>
  cf.cond_br %c, ^bb1,
             ^bb2
^bb1:
  %a = memref.alloc() : memref<16xf32>
  cf.cond_br %d, ^memlint_free_12_0, ^bb3(%a, %memlint_true_9 : memref<16xf32>, i1)
^memlint_free_12_0:
  memref.dealloc %a : memref<16xf32>
  cf.br ^bb3(%x, %memlint_false_9 : memref<16xf32>, i1)
^bb2:
  cf.br ^bb3(%x, %memlint_false_9 : memref<16xf32>, i1)
^bb3(%p: memref<16xf32>, %memlint_own_9: i1):
  scf.if %memlint_own_9 {
    scf.if %memlint_own_9 {
      memref.dealloc %p : memref<16xf32>
    } else {
      memref.dealloc %p : memref<16xf32>
    }
  }
  return
}
""", {(LEAK, 5)}),
    ("use after free and double free in an scf.for without yield", """\
func.func @f() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloca() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    %v = memref.load %b[%c0] : memref<16xf32>
    memref.dealloc %b : memref<16xf32>
  }
  memref.dealloc %a : memref<16xf32>
  return
}
""", {(UAF, 8), (DFREE, 9), (INVALID, 11)}),
    ("an op outside the subset", """\
func.func @f() {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.copy %a, %b : memref<16xf32> to memref<16xf32>
  return
}
""", 4),
    ("an undefined value", """\
func.func @f() {
  memref.dealloc %nope : memref<16xf32>
  return
}
""", 2),
    ("a use its definition does not dominate", """\
func.func @f(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<16xf32>
  cf.br ^bb2
^bb2:
  memref.dealloc %a : memref<16xf32>
  return
}
""", 7),
    ("a block without terminator", """\
func.func @f(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = memref.alloc() : memref<16xf32>
^bb2:
  return
}
""", 5),
    ("a type outside the subset", """\
func.func @f() {
  %a = memref.alloc() : memref<4xi8>
  return
}
""", 2),
    ("successor operands that do not match", """\
func.func @f(%c: i1) {
  cf.br ^bb1(%c : i1)
^bb1(%p: memref<16xf32>):
  return
}
""", 2),
]


def run_cases():
    passed, failed = 0, 0
    for name, text, want in CASES:
        try:
            got = set(cfg_text.ground_truth_text(text))
        except cfg_text.ParseError as e:
            got = e.line
        if got == want:
            passed += 1
        else:
            failed += 1
            print("FAIL: case %r: expected %r, got %r" % (name, want, got))
    return passed, failed


def fix_text(tool, text, work, tag):
    path = os.path.join(work, "%s.mlir" % tag)
    with open(path, "w") as f:
        f.write(text)
    run = subprocess.run([tool, "--fix", "-q", path], capture_output=True, text=True,
                         timeout=600)
    if run.returncode not in (0, 1):
        return None, "--fix exited %d: %s" % (run.returncode, run.stderr.strip()[-300:])
    with open(path) as f:
        return f.read(), path


def relint(tool, path):
    out = subprocess.run([tool, "--json", "-", "-q", path], capture_output=True,
                         text=True, timeout=300)
    if out.returncode not in (0, 1):
        return None
    return {(f["rule"], f["location"]["line"]) for f in json.loads(out.stdout)["findings"]
            if f["rule"] in cfg_fuzz.base.RULES}


def check_seed(args, seed, work):
    """-> list of (kind, seed, style, detail): kind in fail / left / unreported."""
    out = []
    for style in cfg_fuzz.STYLES:
        tag = "%d-%s" % (seed, style)
        p = cfg_fuzz.make_program(seed, buggy_ratio=args.buggy_ratio, style=style,
                                  recursion_ratio=args.recursion_ratio)
        # 2. round trip
        try:
            mod = cfg_text.parse_module(p.text)
        except cfg_text.ParseError as e:
            out.append(("fail", tag, "program does not parse: %s" % e))
            continue
        truth = cfg_fuzz.ground_truth(mod)
        if truth != p.truth:
            out.append(("fail", tag, "ground truth differs: text %s, module %s" % (
                sorted(truth.items()), sorted(p.truth.items()))))
        if cfg_fuzz.render_module(mod) != p.text:
            out.append(("fail", tag, "render_module(parse_module(text)) != text"))
        # 3. after --fix
        if not args.tool:
            continue
        fixed, path = fix_text(args.tool, p.text, work, tag)
        if fixed is None:
            out.append(("skip", tag, path))
            continue
        try:
            ftruth = cfg_text.ground_truth_text(fixed)
        except cfg_text.ParseError as e:
            out.append(("fail", tag, "fixed program does not parse: %s" % e))
            continue
        except cfg_fuzz.StepLimit:
            out.append(("fail", tag, "fixed program: step limit"))
            continue
        for (rule, line), (fn, all_paths) in sorted(ftruth.items()):
            out.append(("left", tag, (rule, line, fn, all_paths)))
        if args.compare:
            tool = relint(args.tool, path)
            if tool is None:
                out.append(("fail", tag, "the fixed file does not lint"))
            else:
                for key in sorted(set(ftruth) - tool):
                    out.append(("unreported", tag, key))
        os.remove(path)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default="0:100", help="seeds A:B (each in every style)")
    ap.add_argument("--buggy-ratio", type=float, default=1.0)
    ap.add_argument("--recursion-ratio", type=float, default=0.0)
    ap.add_argument("--tool", help="mlir-memlint: also check programs after --fix")
    ap.add_argument("--compare", action="store_true",
                    help="with --tool: re-lint each fixed file and list the oracle's "
                         "findings the tool does not report")
    ap.add_argument("--strict", action="store_true",
                    help="with --compare: such findings are failures")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="list every finding left after --fix")
    args = ap.parse_args(argv)
    if args.tool:
        tool = shutil.which(args.tool) or args.tool
        args.tool = os.path.abspath(tool) if os.path.exists(tool) else tool
    a, b = (int(x) for x in args.seeds.split(":"))
    passed, failed = run_cases()
    work = tempfile.mkdtemp(prefix="cfg-text-selftest-")
    results = collections.defaultdict(list)
    programs = 0
    with concurrent.futures.ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futs = [pool.submit(check_seed, args, s, work) for s in range(a, b)]
        for s, fut in zip(range(a, b), futs):
            programs += len(cfg_fuzz.STYLES)
            res = fut.result()
            bad = [r for r in res if r[0] == "fail" or (args.strict and r[0] == "unreported")]
            for kind, tag, detail in res:
                results[kind].append((tag, detail))
            for kind, tag, detail in bad:
                print("FAIL: %s: %s" % (tag, detail if kind == "fail" else
                                        "oracle finding %s:%d after --fix that the "
                                        "re-lint does not report" % detail))
            failed += len({tag for _, tag, _ in bad})
            passed += len(cfg_fuzz.STYLES) - len({tag for _, tag, _ in bad})
    shutil.rmtree(work, ignore_errors=True)
    print("programs: %d (seeds %d:%d, styles %s, buggy ratio %g)" % (
        programs, a, b, "/".join(cfg_fuzz.STYLES), args.buggy_ratio))
    for tag, why in results["skip"]:
        print("note: %s: skipped: %s" % (tag, why))
    if args.tool:
        left = results["left"]
        by_rule = collections.Counter(d[0] for _, d in left)
        progs = collections.defaultdict(set)
        for tag, d in left:
            progs[d[0]].add(tag)
        print("after --fix, oracle findings left: %d in %d programs%s" % (
            len(left), len({t for t, _ in left}),
            "".join("; %s: %d in %d programs" % (r, by_rule[r], len(progs[r]))
                    for r in sorted(by_rule))))
        if args.verbose:
            for tag, (rule, line, fn, all_paths) in left:
                print("  %s:%d: %s in @%s (%s)" % (tag, line, rule, fn,
                                                  "every path" if all_paths else "some paths"))
        if args.compare:
            unrep = results["unreported"]
            print("after --fix, oracle findings the re-lint does not report: %d" % len(unrep))
            for tag, (rule, line) in unrep:
                print("  %s:%d: %s" % (tag, line, rule))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
