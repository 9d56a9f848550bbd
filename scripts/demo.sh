#!/usr/bin/env bash
# make demo: lint the bundled examples, print the findings, write a JSON report,
# and print the memory plans of the examples.
set -uo pipefail
build=${1:-build}
out=${DEMO_OUT:-demo-out}
mkdir -p "$out"
echo "== mlir-memlint on examples/"
"$build/bin/mlir-memlint" examples --json "$out/report.json" --stats
rc=$?
echo "== JSON report: $out/report.json (exit code $rc: 1 means findings were reported)"
if [ "$rc" -ge 2 ]; then exit "$rc"; fi
echo "== memory plans of examples/ (mlir-memlint plan; JSON in $out/plan.json)"
"$build/bin/mlir-memlint" plan examples --assume-dim 128 --json "$out/plan.json" || exit $?
echo "== the seed example with a 16 KiB budget for memory space 0"
"$build/bin/mlir-memlint" examples/seed_disjoint_lifetimes.mlir --memory-budget 0=16384 \
  --checks='-*,perf-missed-reuse,perf-peak-over-budget'
echo "(exit code $?: the two buffers fit in 16 KiB with reuse; perf-missed-reuse shows how)"
exit 0
