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
import threading

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


class Client:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.cond = threading.Condition()
        self.published = {}
        self.replies = {}
        threading.Thread(target=self.read, daemon=True).start()
        threading.Thread(target=self.proc.stderr.read, daemon=True).start()

    def read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    with self.cond:
                        self.replies["eof"] = True
                        self.cond.notify_all()
                    return
                if not line.strip():
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(out.read(length))
            with self.cond:
                if message.get("method") == "textDocument/publishDiagnostics":
                    p = message["params"]
                    self.published[(p["uri"], p.get("version"))] = p
                elif "id" in message and "method" not in message:
                    self.replies[message["id"]] = message
                self.cond.notify_all()

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def wait(self, predicate, what):
        with self.cond:
            if not self.cond.wait_for(
                    lambda: predicate() or "eof" in self.replies, timeout=300) \
                    or not predicate():
                sys.exit(f"lsp_corpus: no {what} (the server ended?)")


client = Client([tool, "lsp", "--debounce-ms=0"] + extra)
client.send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
    "capabilities": {}, "initializationOptions": {
        "allowUnregisteredDialect": True}}})
client.wait(lambda: 0 in client.replies, "initialize reply")
client.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
problems = []
compared = findings = unparsed = 0
for path in files:
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", errors="replace")
    uri = "file://" + os.path.abspath(path)
    client.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "mlir", "version": 1,
                         "text": text}}})
    client.wait(lambda: (uri, 1) in client.published, f"diagnostics of {path}")
    client.send({"jsonrpc": "2.0", "method": "textDocument/didClose",
                 "params": {"textDocument": {"uri": uri}}})
    diagnostics = client.published[(uri, 1)]["diagnostics"]
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
client.send({"jsonrpc": "2.0", "id": 1, "method": "shutdown"})
client.wait(lambda: 1 in client.replies, "shutdown reply")
client.send({"jsonrpc": "2.0", "method": "exit"})
code = client.proc.wait(timeout=120)
for problem in problems:
    print("lsp_corpus: " + problem)
print(f"lsp_corpus: {compared} files, {findings} findings, {unparsed} not parsed; "
      f"{len(problems)} differences; exit code {code}")
sys.exit(1 if problems or code != 0 else 0)
