#!/usr/bin/env bash
# Installs the LSP client libraries of the language server's end-to-end test
# (test/lsp/client.test) into BUILD/npm: vscode-languageserver-protocol and
# vscode-jsonrpc, the libraries VS Code's language client is built on. The
# 3.17 / 8.2 line, which runs on Debian 12's Node.js 18.
# Idempotent (scripts/npm-install.sh).
# usage: setup-lsp-client.sh BUILD_DIR
set -euo pipefail
exec bash "$(dirname "$0")/npm-install.sh" "${1:?usage: $0 BUILD_DIR}" \
  setup-lsp-client vscode-jsonrpc@8.2.0 vscode-languageserver-protocol@3.17.5
