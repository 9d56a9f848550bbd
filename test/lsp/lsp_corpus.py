#!/usr/bin/env python3
"""The language server on files it was not written for: every .mlir file under
the given folders (MLIR's own tests, the examples) is opened in one server
session, over the standard framing and asynchronously, and its diagnostics
are compared with the CLI's JSON report of the same file: the same findings
(rule and position), and a parse diagnostic exactly where the CLI could not
lint the file. The server must exit 0 after shutdown and exit.

usage: lsp_corpus.py TOOL DIR... [-- EXTRA_CLI_AND_SERVER_ARGS...]
"""

import json
import os
import subprocess
import sys
import tempfile

from lspclient import Client

tool = sys.argv[1]
rest = sys.argv[2:]
extra = []
if "--" in rest:
    extra = rest[rest.index("--") + 1:]
    rest = rest[:rest.index("--")]
files = sorted(os.path.join(root, name) for d in rest
               for root, _, names in os.walk(d) for name in names
               if name.endswith(".mlir"))


def has_split_marker(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return any(line.strip() == "// -----" for line in f)


# The CLI's findings per file, split as the server splits (auto).
expected = {}
for split in (False, True):
    group = [f for f in files if has_split_marker(f) == split]
    if not group:
        continue
    with tempfile.NamedTemporaryFile(suffix=".json") as out:
        args = [tool, "--allow-unregistered-dialect", "-q", "--json", out.name]
        if split:
            args.append("--split-input-file")
        cli = subprocess.run(args + extra + group, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True)
        try:
            report = json.load(open(out.name))
        except ValueError:
            sys.exit(f"lsp_corpus: the CLI wrote no report (exit code "
                     f"{cli.returncode}): {cli.stderr[-2000:]}")
    for status in report["files"]:
        expected[os.path.abspath(status["path"])] = {
            "ok": status["status"] == "ok", "findings": []}
    for finding in report["findings"]:
        loc = finding["location"]
        expected[os.path.abspath(loc["file"])]["findings"].append(
            (finding["rule"], loc["line"] - 1))


client = Client([tool, "lsp", "--debounce-ms=0"] + extra)
client.request(0, "initialize", {"capabilities": {}, "initializationOptions": {
    "allowUnregisteredDialect": True}})
client.notify("initialized", {})
problems = []
compared = findings = unparsed = 0
for path in files:
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", errors="replace")
    uri = "file://" + os.path.abspath(path)
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
    _, params = client.diagnostics(uri, 1, timeout=300)
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    diagnostics = params["diagnostics"]
    want = expected.get(os.path.abspath(path))
    if want is None:
        problems.append(f"{path}: not in the CLI's report")
        continue
    got = sorted((d["code"], d["range"]["start"]["line"])
                 for d in diagnostics if "code" in d)
    parse = [d for d in diagnostics if d.get("category") == "Parse Issue"]
    compared += 1
    findings += len(got)
    unparsed += bool(parse)
    if got != sorted(want["findings"]):
        problems.append(f"{path}: server {got}, CLI {sorted(want['findings'])}")
    if bool(parse) == want["ok"]:
        problems.append(f"{path}: parse diagnostic {bool(parse)}, CLI ok {want['ok']}")
code = client.shutdown()
for problem in problems:
    print("lsp_corpus: " + problem)
print(f"lsp_corpus: {compared} files, {findings} findings, {unparsed} not parsed; "
      f"{len(problems)} differences; exit code {code}")
sys.exit(1 if problems or code != 0 else 0)
