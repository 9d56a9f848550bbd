#!/usr/bin/env bash
# Installs what the HTML report's browser test needs (test/html/browser.test):
# puppeteer-core (npm) into BUILD/npm, driving Debian's chromium (installed by
# scripts/setup.sh). puppeteer-core downloads no browser of its own. 23.x, the
# last line that runs on Debian 12's Node.js 18 (25.x asks for Node 22; both
# drive chromium 156).
# Idempotent (scripts/npm-install.sh).
# usage: setup-browser.sh BUILD_DIR
set -euo pipefail
exec bash "$(dirname "$0")/npm-install.sh" "${1:?usage: $0 BUILD_DIR}" \
  setup-browser puppeteer-core@23.11.1
