#!/usr/bin/env bash
# make demo: lint the bundled examples, print the findings with their fix-its,
# write a JSON and a SARIF report and the Graphviz diagrams (lifetime chart and
# annotated CFG) of every function with a finding, show what --fix would
# change, print the memory plans of the examples, and apply one (plan
# --rewrite) as a diff with the peak before and after, proven by running it.
set -uo pipefail
build=${1:-build}
out=${DEMO_OUT:-demo-out}
mkdir -p "$out"
echo "== mlir-memlint on examples/"
"$build/bin/mlir-memlint" examples --show-fixes --json "$out/report.json" \
  --sarif "$out/report.sarif" --stats --viz-dir "$out/viz" --html "$out/html"
rc=$?
echo "== JSON report: $out/report.json, SARIF report: $out/report.sarif, HTML report: $out/html/index.html (exit code $rc: 1 means findings were reported)"
if [ "$rc" -ge 2 ]; then exit "$rc"; fi
echo "== PNG diagrams of the seed example"
"$build/bin/mlir-memlint" viz examples/seed_leak_on_branch.mlir --format png,dot \
  -o "$out/viz" || exit $?
echo "== diagrams: $out/viz/ ($(ls "$out/viz" | wc -l) files)"
echo "== what --fix would change (a copy of examples/ is fixed in $out/fixed)"
rm -rf "$out/fixed" && cp -r examples "$out/fixed"
"$build/bin/mlir-memlint" -q --fix-dry-run "$out/fixed" > "$out/fixes.diff"
"$build/bin/mlir-memlint" -q --fix "$out/fixed"
echo "== diff in $out/fixes.diff; remaining findings after --fix:"
"$build/bin/mlir-memlint" -q "$out/fixed" --json - | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len(d["findings"]), "findings left:", sorted(set(f["rule"] for f in d["findings"])))' 
echo "== memory plans of examples/ (mlir-memlint plan; JSON in $out/plan.json)"
"$build/bin/mlir-memlint" plan examples --assume-dim 128 --json "$out/plan.json" \
  --viz-dir "$out/viz-plan" --viz-format svg,png || exit $?
echo "== plan charts (address x time): $out/viz-plan/"
echo "== the seed example with a 16 KiB budget for memory space 0"
"$build/bin/mlir-memlint" examples/seed_disjoint_lifetimes.mlir --memory-budget 0=16384 \
  --checks='-*,perf-missed-reuse,perf-peak-over-budget'
echo "(exit code $?: the two buffers fit in 16 KiB with reuse; perf-missed-reuse shows how)"
echo "== applying the memory plan: plan --rewrite-dry-run examples/late_dealloc.mlir"
echo "   (each function's buffers become views of one arena; peak as written -> arena below)"
"$build/bin/mlir-memlint" plan --rewrite-dry-run examples/late_dealloc.mlir \
  > "$out/rewrite.diff" 2> "$out/rewrite.txt" || exit $?
head -42 "$out/rewrite.diff"
echo "   ... (the whole diff: $out/rewrite.diff)"
grep -v ': kept ' "$out/rewrite.txt"
llvm_bin=$(llvm-config-22 --bindir 2>/dev/null || echo /usr/lib/llvm-22/bin)
if [ -x "$llvm_bin/mlir-runner" ]; then
  echo "== the rewrite run: original and rewritten lowered with mlir-opt, run with mlir-runner"
  echo "   (same outputs; allocations and peak heap before -> after, counted at run time)"
  python3 test/exec/exec_proof.py --tool "$build/bin/mlir-memlint" --llvm-bin "$llvm_bin" \
    --work "$out/exec" --generated 0:1 test/exec/Inputs/mlp.mlir || exit $?
fi
exit 0
