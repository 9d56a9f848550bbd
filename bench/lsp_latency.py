#!/usr/bin/env python3
"""Latency of `mlir-memlint lsp`: from a change of a large document to its
diagnostics (issue target: within 500 ms for a 10,000-op file).

Generates a program with bench/gen_program.py (correct code, and a variant
with a leak), opens it in the server over the standard Content-Length
framing, then sends single-line edits one at a time, each after the previous
one's diagnostics arrived, and measures the time from sending the change to
receiving the diagnostics of its version. The debounce of the server
(--debounce-ms, default 100) is part of the figure, as an editor sees it.

usage: bench/lsp_latency.py [--tool build/bin/mlir-memlint] [--ops 10000]
                            [--edits 20] [--debounce-ms 100]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))


class Client:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE)
        self.cond = threading.Condition()
        self.published = {}  # (uri, version) -> (time, diagnostics)
        self.replies = {}
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            message = json.loads(out.read(length))
            now = time.monotonic()
            with self.cond:
                if message.get("method") == "textDocument/publishDiagnostics":
                    p = message["params"]
                    self.published[(p["uri"], p.get("version"))] = (
                        now, p["diagnostics"])
                elif "id" in message and "method" not in message:
                    self.replies[message["id"]] = message
                self.cond.notify_all()

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, rid, method, params):
        self.send({"jsonrpc": "2.0", "id": rid, "method": method,
                   "params": params})
        with self.cond:
            self.cond.wait_for(lambda: rid in self.replies, timeout=600)
            return self.replies[rid]

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_diagnostics(self, uri, version, timeout=600):
        with self.cond:
            ok = self.cond.wait_for(lambda: (uri, version) in self.published,
                                    timeout=timeout)
            if not ok:
                sys.exit(f"no diagnostics for version {version}")
            return self.published[(uri, version)]


def measure(tool, path, text, edits, debounce):
    client = Client([tool, "lsp", f"--debounce-ms={debounce}"])
    client.request(0, "initialize", {"capabilities": {}})
    client.notify("initialized", {})
    uri = "file://" + path
    start = time.monotonic()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
    at, diagnostics = client.wait_diagnostics(uri, 1)
    opened = at - start
    latencies = []
    lines = text.count("\n")
    for i in range(edits):
        version = i + 2
        # A comment typed at the end of the file.
        change = {"range": {"start": {"line": lines, "character": 0},
                            "end": {"line": lines, "character": 0}},
                  "text": f"// edit {i}\n"}
        lines += 1
        sent = time.monotonic()
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [change]})
        at, _ = client.wait_diagnostics(uri, version)
        latencies.append(at - sent)
    client.request(1, "shutdown", None)
    client.notify("exit", None)
    client.proc.wait(timeout=60)
    return opened, latencies, len(diagnostics), client.proc.returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tool", default=os.path.join(
        HERE, "..", "build", "bin", "mlir-memlint"))
    parser.add_argument("--ops", type=int, default=10000)
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--debounce-ms", type=int, default=100)
    parser.add_argument("--target-ms", type=float, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        for label, extra in [("correct", []), ("leaky (no deallocs)",
                                                ["--no-deallocs"])]:
            path = os.path.join(tmp, "big.mlir")
            subprocess.run([sys.executable, os.path.join(HERE, "gen_program.py"),
                            "--ops", str(args.ops), "--seed", "1", "-o", path]
                           + extra, check=True)
            with open(path) as f:
                text = f.read()
            opened, lat, findings, code = measure(
                os.path.abspath(args.tool), path, text, args.edits,
                args.debounce_ms)
            if code != 0:
                sys.exit(f"the server exited with {code}")
            rows.append((label, len(text), findings, opened, lat))
    print(f"mlir-memlint lsp, {args.ops} ops, debounce {args.debounce_ms} ms, "
          f"{args.edits} edits each")
    print("| document | bytes | diagnostics | open | change: median | p90 | max "
          f"| median / {args.target_ms:.0f} ms |")
    print("|---|---|---|---|---|---|---|---|")
    for label, size, findings, opened, lat in rows:
        lat_ms = sorted(x * 1000 for x in lat)
        median = statistics.median(lat_ms)
        p90 = lat_ms[int(0.9 * (len(lat_ms) - 1))]
        print(f"| {label} | {size} | {findings} | {opened * 1000:.0f} ms | "
              f"{median:.0f} ms | {p90:.0f} ms | {lat_ms[-1]:.0f} ms | "
              f"{median / args.target_ms:.2f} |")


if __name__ == "__main__":
    main()
