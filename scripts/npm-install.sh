#!/usr/bin/env bash
# Installs npm packages at exact versions into BUILD_DIR/npm for the test
# suite (the setup-*.sh scripts call it). Idempotent: when every package is
# there at its version, nothing is done and the network is not used.
# usage: npm-install.sh BUILD_DIR WHO PACKAGE@VERSION...
set -euo pipefail

prefix="${1:?usage: $0 BUILD_DIR WHO PACKAGE@VERSION...}/npm"
who="${2:?usage: $0 BUILD_DIR WHO PACKAGE@VERSION...}"
shift 2

missing=()
for spec in "$@"; do
  name="${spec%@*}"
  version="${spec##*@}"
  manifest="$prefix/node_modules/$name/package.json"
  if ! { [ -f "$manifest" ] && grep -q "\"version\": \"$version\"" "$manifest"; }; then
    missing+=("$spec")
  fi
done
[ "${#missing[@]}" -eq 0 ] && exit 0

if ! command -v npm >/dev/null 2>&1; then
  echo "$who: npm is missing; run scripts/setup.sh" >&2
  exit 1
fi
echo "$who: installing ${missing[*]}"
mkdir -p "$prefix"
npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error "${missing[@]}"
