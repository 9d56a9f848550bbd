#!/usr/bin/env bash
# Installs what the HTML report's browser test needs (test/html/browser.test):
# puppeteer-core (npm) into BUILD/npm, driving Debian's chromium (installed by
# scripts/setup.sh). puppeteer-core downloads no browser of its own. 23.x, the
# last line that runs on Debian 12's Node.js 18 (25.x asks for Node 22; both
# drive chromium 156).
# Idempotent: when it is there, nothing is done and the network is not used.
# usage: setup-browser.sh BUILD_DIR
set -euo pipefail

version=23.11.1
prefix="${1:?usage: $0 BUILD_DIR}/npm"
package="$prefix/node_modules/puppeteer-core"

if [ -f "$package/package.json" ] &&
   grep -q "\"version\": \"$version\"" "$package/package.json"; then
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "setup-browser: npm is missing; run scripts/setup.sh" >&2
  exit 1
fi
echo "setup-browser: installing puppeteer-core@$version"
mkdir -p "$prefix"
npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error \
  "puppeteer-core@$version"
