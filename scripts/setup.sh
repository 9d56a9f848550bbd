#!/usr/bin/env bash
# Installs the Debian packages mlir-memlint needs, only those that are missing.
# Idempotent: a second run installs nothing and does not touch the network.
set -euo pipefail

# valgrind and gcc (the C compiler that links the lowered programs) are for the
# dynamic test in test/dynamic/; chromium (and a font) for the HTML report's
# browser test in test/html/. libjemalloc-dev: mlir-memlint allocates with
# jemalloc when it is there (tools/CMakeLists.txt).
packages=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
          nlohmann-json3-dev libcli11-dev graphviz libgraphviz-dev
          ninja-build cmake g++ libgtest-dev libjemalloc-dev python3 python3-jsonschema
          valgrind gcc chromium fonts-dejavu-core)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

# Node.js runs the SARIF validator of the test suite
# (scripts/setup-sarif-validator.sh); a node/npm already on the PATH will do.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  missing+=(nodejs npm)
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
