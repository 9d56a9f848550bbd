#!/usr/bin/env bash
# Installs Microsoft's SARIF validator (npm package
# @microsoft/sarif-multitool-linux) into BUILD/npm for the test suite.
# Idempotent (scripts/npm-install.sh).
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

bash "$(dirname "$0")/npm-install.sh" "$1" setup-sarif-validator \
  "@microsoft/sarif-multitool-linux@$version"
# npm may skip the package's postinstall step (chmod u+x), so do it here.
chmod u+x "$tool"
