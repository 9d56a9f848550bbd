#!/usr/bin/env bash
# Installs Microsoft's SARIF validator (npm package
# @microsoft/sarif-multitool-linux) into BUILD/npm for the test suite.
# Idempotent: when it is there, nothing is done and the network is not used.
# usage: setup-sarif-validator.sh BUILD_DIR
set -euo pipefail

version=5.7.0
prefix="${1:?usage: $0 BUILD_DIR}/npm"
package="$prefix/node_modules/@microsoft/sarif-multitool-linux"
tool="$package/Sarif.Multitool"

if [ -f "$tool" ] && [ -f "$package/sarif-2.1.0.json" ] &&
   grep -q "\"version\": \"$version\"" "$package/package.json"; then
  [ -x "$tool" ] || chmod u+x "$tool"
  exit 0
fi

if ! command -v npm >/dev/null 2>&1; then
  echo "setup-sarif-validator: npm is missing; run scripts/setup.sh" >&2
  exit 1
fi
echo "setup-sarif-validator: installing @microsoft/sarif-multitool-linux@$version"
mkdir -p "$prefix"
npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error \
  "@microsoft/sarif-multitool-linux@$version"
# npm may skip the package's postinstall step (chmod u+x), so do it here.
chmod u+x "$tool"
