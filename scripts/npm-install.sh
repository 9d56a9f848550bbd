#!/usr/bin/env bash
# Installs npm packages at exact versions into BUILD_DIR/npm for the test
# suite (the setup-*.sh scripts call it). Idempotent: when every package asked
# for is there at its version, nothing is done and the network is not used.
#
# Every package of scripts/npm-packages.txt is installed in one `npm install`:
# npm prunes what the prefix's package.json does not list, so installing the
# packages one script at a time, or two scripts at once (ninja runs the setup
# targets in parallel), could remove another script's package. A lock on the
# prefix serializes the scripts.
# usage: npm-install.sh BUILD_DIR WHO PACKAGE@VERSION...
set -euo pipefail

prefix="${1:?usage: $0 BUILD_DIR WHO PACKAGE@VERSION...}/npm"
who="${2:?usage: $0 BUILD_DIR WHO PACKAGE@VERSION...}"
shift 2
list="$(dirname "$0")/npm-packages.txt"

# Whether every one of the given specs is installed at its version.
installed() {
  local spec name version manifest
  for spec in "$@"; do
    name="${spec%@*}"
    version="${spec##*@}"
    manifest="$prefix/node_modules/$name/package.json"
    { [ -f "$manifest" ] && grep -q "\"version\": \"$version\"" "$manifest"; } ||
      return 1
  done
}

installed "$@" && exit 0

mapfile -t all < <(grep -v -e '^#' -e '^[[:space:]]*$' "$list")
# (A loop, not `printf ... | grep -q`: grep -q exits at the first match, and
# printf, writing the next lines into the closed pipe, fails, which pipefail
# turned into "not in the list", now and then.)
for spec in "$@"; do
  listed=0
  for entry in "${all[@]}"; do
    if [ "$entry" = "$spec" ]; then listed=1; fi
  done
  if [ "$listed" = 0 ]; then
    echo "$who: $spec is not in $list" >&2
    exit 1
  fi
done

if ! command -v npm >/dev/null 2>&1; then
  echo "$who: npm is missing; run scripts/setup.sh" >&2
  exit 1
fi
mkdir -p "$prefix"
exec 9>"$prefix/.install.lock"
flock 9
# Another script may have installed them while this one waited.
installed "$@" && exit 0
echo "$who: installing ${all[*]}"
npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error "${all[@]}"
installed "${all[@]}" || {
  echo "$who: npm install left a package of $list missing" >&2
  exit 1
}
