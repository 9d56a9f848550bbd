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
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "lsp"))
from lspclient import Client  # noqa: E402


def measure(tool, path, text, edits, debounce):
    client = Client([tool, "lsp", f"--debounce-ms={debounce}"])
    client.request(0, "initialize", {"capabilities": {}})
    client.notify("initialized", {})
    uri = "file://" + path
    start = time.monotonic()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
    at, params = client.diagnostics(uri, 1)
    diagnostics = params["diagnostics"]
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
        at, _ = client.diagnostics(uri, version)
        latencies.append(at - sent)
    code = client.shutdown()
    return opened, latencies, len(diagnostics), code


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
