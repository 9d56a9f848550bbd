#!/usr/bin/env bash
# make demo: lint the bundled examples, print the findings, write a JSON report.
set -uo pipefail
build=${1:-build}
out=${DEMO_OUT:-demo-out}
mkdir -p "$out"
echo "== mlir-memlint on examples/"
"$build/bin/mlir-memlint" examples --json "$out/report.json" --stats
rc=$?
echo "== JSON report: $out/report.json (exit code $rc: 1 means findings were reported)"
if [ "$rc" -ge 2 ]; then exit "$rc"; fi
exit 0
