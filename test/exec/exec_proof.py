#!/usr/bin/env python3
"""Proof by execution of `mlir-memlint plan --rewrite` (README.md here).

For each program (a `@main` that fills its inputs and prints its outputs),
the tool rewrites a copy; both versions are lowered to LLVM with mlir-opt
and run with mlir-runner, with the counting allocator memcount.c behind
every memref allocation. The rewrite must have fewer allocations and print
exactly what the original prints, both must free everything, and the peak
heap of the rewritten program must be the sum of its arenas plus the bytes
the program says stay unplanned (`// EXEC-UNPLANNED-BYTES: N`). With
--valgrind, both are also built into native executables (mlir-translate,
llc, cc) and run under valgrind's memcheck, which must find no error and
no leak.

With --reuse, `mlir-memlint --fix-unsafe` applies perf-missed-reuse's
fix-its instead: the same outputs, one allocation fewer per fixed finding,
and a peak heap no higher. With --plugin, the memlint-apply-plan pass of libMemLintPlugin.so, run by
mlir-opt, rewrites the program instead of `plan --rewrite`.

usage: exec_proof.py (--tool mlir-memlint [--reuse] | --plugin libMemLintPlugin.so)
                     [--llvm-bin DIR] --work DIR [--generated A:B] [--valgrind N] FILE...
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PIPELINE = [
    "--convert-linalg-to-loops", "--lower-affine", "--convert-scf-to-cf",
    "--convert-vector-to-llvm", "--convert-math-to-llvm",
    "--expand-strided-metadata",
    "--finalize-memref-to-llvm=use-generic-functions=true use-aligned-alloc=true",
    "--convert-arith-to-llvm", "--convert-index-to-llvm",
    "--convert-cf-to-llvm", "--convert-func-to-llvm",
    "--reconcile-unrealized-casts",
]


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kw)


class Failure(Exception):
    pass


class Skip(Exception):
    pass


def check(proc, what):
    if proc.returncode != 0:
        raise Failure(f"{what} failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return proc


def lower(args, src, dst):
    check(run([os.path.join(args.llvm_bin, "mlir-opt"), src, *PIPELINE, "-o", dst]),
          "mlir-opt " + os.path.basename(src))


def execute(args, lowered):
    libs = ",".join([os.path.join(args.llvm_lib, "libmlir_runner_utils.so"),
                     os.path.join(args.llvm_lib, "libmlir_c_runner_utils.so"),
                     args.memcount])
    proc = check(run([os.path.join(args.llvm_bin, "mlir-runner"), lowered, "-e", "main",
                      "-entry-point-result=void", "-shared-libs=" + libs]),
                 "mlir-runner " + os.path.basename(lowered))
    m = re.search(r"memcount: peak (\d+) bytes, live (\d+) bytes, allocations (\d+)",
                  proc.stderr)
    if not m:
        raise Failure("no memcount report: " + proc.stderr[-500:])
    return proc.stdout, int(m.group(1)), int(m.group(2)), int(m.group(3))


def valgrind(args, lowered, work):
    ll, obj, exe = lowered + ".ll", lowered + ".o", lowered + ".bin"
    check(run([os.path.join(args.llvm_bin, "mlir-translate"), "--mlir-to-llvmir",
               lowered, "-o", ll]), "mlir-translate")
    # The program's `main` returns void: it becomes `mlir_main`, called by a
    # C main that returns 0.
    with open(ll) as f:
        ir = f.read()
    with open(ll, "w") as f:
        f.write(re.sub(r"@main\b", "@mlir_main", ir))
    driver = os.path.join(work, "driver.c")
    with open(driver, "w") as f:
        f.write("void mlir_main(void);\nint main(void) { mlir_main(); return 0; }\n")
    check(run([os.path.join(args.llvm_bin, "llc"), "-O1", "-filetype=obj",
               "-relocation-model=pic", ll, "-o", obj]), "llc")
    check(run(["cc", obj, driver, args.memcount, "-o", exe, "-L" + args.llvm_lib,
               "-lmlir_c_runner_utils", "-lm", "-Wl,-rpath," + args.llvm_lib,
               "-Wl,-rpath," + os.path.dirname(args.memcount)]), "cc")
    proc = run(["valgrind", "-q", "--error-exitcode=99", "--leak-check=full",
                "--errors-for-leak-kinds=definite,indirect", exe])
    if proc.returncode != 0:
        raise Failure(f"valgrind found errors in {os.path.basename(exe)}: "
                      + proc.stderr[-2000:])
    return proc.stdout


def prove(args, path, use_valgrind):
    name = os.path.splitext(os.path.basename(path))[0]
    work = os.path.join(args.work, name)
    os.makedirs(work, exist_ok=True)
    original = os.path.join(work, "original.mlir")
    rewritten = os.path.join(work, "rewritten.mlir")
    shutil.copy(path, original)
    shutil.copy(path, rewritten)
    with open(path) as f:
        text = f.read()
    m = re.search(r"EXEC-UNPLANNED-BYTES: (\d+)", text)
    unplanned = int(m.group(1)) if m else 0
    arenas = None
    if args.reuse:
        # perf-missed-reuse's unsafe fix-its: fewer allocations (one per
        # finding), no arena to compare the peak with.
        count = lambda out: len(re.findall(r"\[perf-missed-reuse\]", out))
        flags = ["--checks=-*,perf-missed-reuse",
                 "--config={CheckOptions: {perf-missed-reuse.Aggregate: false}}"]
        before = count(run([args.tool, *flags, original]).stderr)
        proc = check(run([args.tool, *flags, "--fix-unsafe", rewritten]), "--fix-unsafe")
        fixed = before - count(run([args.tool, *flags, rewritten]).stderr)
        if fixed <= 0:
            raise Skip("no perf-missed-reuse fix-it applies")
    elif args.plugin:
        # The pass in a pipeline: its remarks name each arena's size.
        # The mlir-opt first in PATH: in the sanitizer build, lit puts
        # test/sanitize/bin's first, which preloads the ASan runtime that the
        # instrumented plugin needs (the stock mlir-opt aborts without it).
        opt = shutil.which("mlir-opt") or os.path.join(args.llvm_bin, "mlir-opt")
        proc = check(run([opt, "--load-pass-plugin=" + args.plugin,
                          "--pass-pipeline=builtin.module(memlint-apply-plan{remarks=true})", original, "-o", rewritten]),
                     "mlir-opt --memlint-apply-plan")
        arenas = [int(s) for s in re.findall(r"into one arena of (\d+) bytes", proc.stderr)]
    else:
        proc = check(run([args.tool, "plan", "--rewrite", rewritten]), "plan --rewrite")
        with open(rewritten) as f:
            after = f.read()
        arenas = [int(s) for s in re.findall(
            r"%arena\w* = memref\.alloc\(\) \{alignment = \d+ : i64\} : memref<(\d+)xi8",
            after)]
    if arenas is not None and not arenas:
        raise Failure("no arena in the rewrite: " + proc.stderr)
    results = {}
    for label, src in (("original", original), ("rewritten", rewritten)):
        lowered = os.path.join(work, label + ".llvm.mlir")
        lower(args, src, lowered)
        results[label] = execute(args, lowered)
        if use_valgrind:
            out = valgrind(args, lowered, work)
            if out != results[label][0]:
                raise Failure(f"the native {label} prints other output than mlir-runner")
    (out0, peak0, live0, n0), (out1, peak1, live1, n1) = results["original"], results["rewritten"]
    if out0 != out1:
        raise Failure("outputs differ:\n--- original\n" + out0[:1000] + "\n--- rewritten\n" + out1[:1000])
    if not out0.strip():
        raise Failure("the program prints nothing")
    if live0 or live1:
        raise Failure(f"bytes left allocated at exit: original {live0}, rewritten {live1}")
    if n1 >= n0:
        raise Failure(f"allocations at run time: {n0} -> {n1}, not fewer")
    if arenas is None:
        if n0 - n1 != fixed:
            raise Failure(f"allocations at run time: {n0} -> {n1}, expected {fixed} fewer")
        if peak1 > peak0:
            raise Failure(f"peak heap grew: {peak0} -> {peak1} bytes")
        print(f"{name}: outputs equal ({len(out0.splitlines())} lines); {fixed} reuses; "
              f"allocations {n0} -> {n1}; peak heap {peak0} -> {peak1} bytes"
              f"{'; valgrind clean' if use_valgrind else ''}")
        return
    expected = sum(arenas) + unplanned
    if peak1 != expected:
        raise Failure(f"peak heap of the rewrite {peak1} bytes, expected the arenas "
                      f"{arenas} plus {unplanned} unplanned = {expected}")
    print(f"{name}: outputs equal ({len(out0.splitlines())} lines); allocations "
          f"{n0} -> {n1}; peak heap {peak0} -> {peak1} bytes (arenas {sum(arenas)}"
          f" + unplanned {unplanned}){'; valgrind clean' if use_valgrind else ''}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", help="mlir-memlint, to rewrite with plan --rewrite")
    parser.add_argument("--reuse", action="store_true",
                        help="with --tool: prove perf-missed-reuse's --fix-unsafe "
                        "fix-its instead of plan --rewrite")
    parser.add_argument("--plugin", help="libMemLintPlugin.so, to rewrite with the "
                        "memlint-apply-plan pass in mlir-opt instead")
    parser.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin")
    parser.add_argument("--llvm-lib", default="/usr/lib/llvm-22/lib")
    parser.add_argument("--work", required=True)
    parser.add_argument("--generated", default="0:0", help="seeds A:B of gen_kernels.py")
    parser.add_argument("--valgrind", type=int, default=0,
                        help="run the first N programs under valgrind too")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    if bool(args.tool) == bool(args.plugin):
        parser.error("give one of --tool and --plugin")
    os.makedirs(args.work, exist_ok=True)
    args.memcount = os.path.join(args.work, "libmemcount.so")
    check(run(["cc", "-O1", "-shared", "-fPIC", "-o", args.memcount,
               os.path.join(HERE, "memcount.c")]), "cc memcount.c")
    programs = list(args.files)
    a, b = (int(x) for x in args.generated.split(":"))
    for seed in range(a, b):
        path = os.path.join(args.work, f"generated_{seed}.mlir")
        check(run([sys.executable, os.path.join(HERE, "gen_kernels.py"), str(seed), path]),
              "gen_kernels.py")
        programs.append(path)
    if args.valgrind and not shutil.which("valgrind"):
        sys.exit("exec_proof: valgrind is not installed (make deps installs it)")
    failures = skipped = 0
    for i, path in enumerate(programs):
        try:
            prove(args, path, i < args.valgrind)
        except Skip as e:
            skipped += 1
            print(f"{os.path.splitext(os.path.basename(path))[0]}: skipped: {e}")
        except (Failure, subprocess.TimeoutExpired) as e:
            failures += 1
            print(f"FAIL {path}: {e}")
    proven = len(programs) - failures - skipped
    print(f"exec_proof: {proven} of {len(programs)} programs proven"
          + (f", {skipped} skipped" if skipped else ""))
    sys.exit(1 if failures or not proven else 0)


if __name__ == "__main__":
    main()
