#!/usr/bin/env bash
# The long mutation-fuzzer campaign (test/fuzz/README.md) on the sanitizer
# build of the current commit, from a frozen copy of the sources: the seed
# list is the test inputs of that commit, so a campaign can be resumed with
# the same seeds and binary while the work tree changes.
# usage: scripts/fuzz-campaign.sh OUT_DIR [SEEDS (default 0:82000)] [JOBS (default 2)] [COMMIT (default HEAD)]
# A campaign longer than a session goes on in the next with the seeds that
# are left and the same COMMIT (its sources, seed list and binary are
# rebuilt from it): e.g. `fuzz-campaign.sh OUT 57000:82000 2 5300980`.
# Writes OUT_DIR/src (a git worktree at COMMIT), OUT_DIR/build (its sanitizer
# build), OUT_DIR/tool (the binary), OUT_DIR/run (failures) and OUT_DIR/log;
# runs in the foreground (use nohup). Run again to resume: the worktree and
# the binary are kept.
set -euo pipefail

out="${1:?usage: $0 OUT_DIR [SEEDS] [JOBS] [COMMIT]}"
seeds="${2:-0:82000}"
jobs="${3:-2}"
commit="$(git -C "$(dirname "$0")" rev-parse --verify "${4:-HEAD}^{commit}")"
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="$(cd "$root/../shared" && pwd)"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

make -C "$root" --no-print-directory deps
# The binary is built from a git worktree of COMMIT at OUT_DIR/src, into
# OUT_DIR/build: the seeds and the sources are the same commit, whatever
# happens to the work tree while the campaign builds and runs.
if [ ! -d "$out/src" ]; then
  git -C "$root" worktree prune
  git -C "$root" worktree add --detach "$out/src" "$commit" >/dev/null
fi
ln -sfn "$shared" "$out/shared"  # the sources read ../shared beside them
if [ "$(git -C "$out/src" rev-parse HEAD)" != "$commit" ]; then
  echo "fuzz-campaign: $out/src is at another commit than $commit" >&2
  exit 2
fi
git -C "$out/src" log --oneline -1 > "$out/commit"
if [ ! -x "$out/tool/mlir-memlint" ]; then
  cmake -S "$out/src" -B "$out/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_FLAGS_RELEASE='-O1 -DNDEBUG' -DMEMLINT_SANITIZE=address,undefined \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir -DLLVM_DIR=/usr/lib/llvm-22/lib/cmake/llvm >/dev/null
  cmake --build "$out/build" --target mlir-memlint
  mkdir -p "$out/tool"
  cp "$out/build/bin/mlir-memlint" "$out/tool/mlir-memlint"
fi
bash "$root/scripts/setup-sarif-validator.sh" "$out/build"

# 60 CPU seconds per run: ASan and UBSan make the exploration about 8 times
# slower than the release build.
python3 "$out/src/test/fuzz/mutate_fuzz.py" --tool "$out/tool/mlir-memlint" \
  --sarif-schema "$out/build/npm/node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json" \
  --seeds "$seeds" --timeout 60 --jobs "$jobs" --progress 1000 --out-dir "$out/run" \
  2>&1 | tee "$out/log"
