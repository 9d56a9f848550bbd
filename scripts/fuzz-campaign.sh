#!/usr/bin/env bash
# The long mutation-fuzzer campaign (test/fuzz/README.md) on the sanitizer
# build of the current commit, from a frozen copy of the sources: the seed
# list is the test inputs of that commit, so a campaign can be resumed with
# the same seeds while the work tree changes.
# usage: scripts/fuzz-campaign.sh OUT_DIR [SEEDS (default 0:82000)] [JOBS (default 2)]
# Writes OUT_DIR/tool (the binary), OUT_DIR/src (a git worktree at HEAD),
# OUT_DIR/run (failures) and OUT_DIR/log; runs in the foreground (use nohup).
set -euo pipefail

out="${1:?usage: $0 OUT_DIR [SEEDS] [JOBS]}"
seeds="${2:-0:82000}"
jobs="${3:-2}"
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="$(cd "$root/../shared" && pwd)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# The binary is built from the work tree, the seeds come from HEAD: they
# must be the same commit.
if ! git -C "$root" diff --quiet HEAD -- . ':!test/fuzz/README.md'; then
  echo "fuzz-campaign: the work tree differs from HEAD; commit first" >&2
  exit 2
fi
make -C "$root" --no-print-directory deps
cmake -S "$root" -B "$root/build-sanitize" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE='-O1 -DNDEBUG' -DMEMLINT_SANITIZE=address,undefined \
  -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm >/dev/null
cmake --build "$root/build-sanitize" --target mlir-memlint
bash "$root/scripts/setup-sarif-validator.sh" "$root/build"

mkdir -p "$out/tool"
cp "$root/build-sanitize/bin/mlir-memlint" "$out/tool/mlir-memlint"
if [ ! -d "$out/src" ]; then
  git -C "$root" worktree add --detach "$out/src" HEAD >/dev/null
fi
ln -sfn "$shared" "$out/shared"  # the fuzzer reads ../shared beside its sources
git -C "$out/src" log --oneline -1 > "$out/commit"

# 60 CPU seconds per run: ASan and UBSan make the exploration about 8 times
# slower than the release build.
python3 "$out/src/test/fuzz/mutate_fuzz.py" --tool "$out/tool/mlir-memlint" \
  --sarif-schema "$root/build/npm/node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json" \
  --seeds "$seeds" --timeout 60 --jobs "$jobs" --progress 1000 --out-dir "$out/run" \
  2>&1 | tee "$out/log"
