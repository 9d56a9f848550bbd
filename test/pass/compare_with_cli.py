"""Checks that the memlint pass in mlir-opt reports what mlir-memlint reports.

For each input, runs `mlir-memlint` and `mlir-opt --load-pass-plugin=PLUGIN
--pass-pipeline='builtin.module(memlint)'` with the same checks, and compares
their diagnostics: position (line and column), level, message and notes. SSA
names are left out of the comparison (the tool shows the names written in the
file, the pass the printer's), and so are the tool's fix-it notes (the pass
has no source text to edit).
usage: compare_with_cli.py MLIR_MEMLINT MLIR_OPT PLUGIN FILE...
"""
import re
import subprocess
import sys

tool, opt, plugin = sys.argv[1:4]
files = sys.argv[4:]
checks = "*,-memlint-nolint"
diag = re.compile(r"^(.*?\.mlir):(\d+):(\d+): (error|warning|note|remark): (.*)$")


def diagnostics(text):
    """The diagnostics of a run, names and fix-its left out."""
    out = []
    for line in text.splitlines():
        m = diag.match(line)
        if not m or m.group(5).startswith("fix-it:"):
            continue
        message = re.sub(r"'%[^']*'", "'%_'", m.group(5))
        out.append((int(m.group(2)), int(m.group(3)), m.group(4), message))
    return sorted(out)


failures = 0
total = 0
for path in files:
    common = ["--split-input-file", "--allow-unregistered-dialect"]
    cli = subprocess.run([tool, "--color=never", "--checks=" + checks] + common + [path],
                         capture_output=True, text=True)
    pipeline = "builtin.module(memlint{checks=%s})" % checks
    ps = subprocess.run([opt, "--load-pass-plugin=" + plugin, "--pass-pipeline=" + pipeline]
                        + common + [path, "-o", "/dev/null"],
                        capture_output=True, text=True)
    want, got = diagnostics(cli.stderr), diagnostics(ps.stderr)
    total += len(want)
    # Same findings, and the pass fails exactly when the tool does.
    if want != got or (cli.returncode == 1) != (ps.returncode != 0):
        failures += 1
        print(f"{path}: the pass and the tool differ (exit codes {cli.returncode}, {ps.returncode})")
        for d in want:
            if d not in got:
                print(f"  only from mlir-memlint: {d}")
        for d in got:
            if d not in want:
                print(f"  only from the pass:     {d}")
print(f"{len(files)} files, {total} diagnostics compared, {failures} differ")
sys.exit(1 if failures or total == 0 else 0)
