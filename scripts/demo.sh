#!/usr/bin/env bash
# make demo: lint the bundled examples, print the findings, write a JSON report
# and the Graphviz diagrams (lifetime chart and annotated CFG) of every
# function with a finding.
set -uo pipefail
build=${1:-build}
out=${DEMO_OUT:-demo-out}
mkdir -p "$out"
echo "== mlir-memlint on examples/"
"$build/bin/mlir-memlint" examples --json "$out/report.json" --stats \
  --viz-dir "$out/viz"
rc=$?
echo "== JSON report: $out/report.json (exit code $rc: 1 means findings were reported)"
if [ "$rc" -ge 2 ]; then exit "$rc"; fi
echo "== PNG diagrams of the seed example"
"$build/bin/mlir-memlint" viz examples/seed_leak_on_branch.mlir --format png,dot \
  -o "$out/viz" || exit $?
echo "== diagrams: $out/viz/ ($(ls "$out/viz" | wc -l) files)"
exit 0
