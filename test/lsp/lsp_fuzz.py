#!/usr/bin/env python3
"""Random message streams against `mlir-memlint lsp`: documents made of
mutated example files (lines dropped, duplicated, cut, bytes and wide
characters inserted), changes with random and out-of-range positions, code
actions over random ranges, settings of random types, unknown methods,
parameters of the wrong shape, and framed garbage, interleaved without
waiting. The server must answer every request, exit 0 after shutdown and
exit, and (in the sanitizer build) report nothing. Deterministic per seed.

usage: lsp_fuzz.py TOOL EXAMPLES_DIR [--seed N] [--messages N]
"""

import argparse
import json
import os
import random
import sys

from lspclient import Client

parser = argparse.ArgumentParser()
parser.add_argument("tool")
parser.add_argument("examples")
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--messages", type=int, default=300)
args = parser.parse_args()
rng = random.Random(args.seed)
seeds = []
for name in sorted(os.listdir(args.examples)):
    if name.endswith(".mlir"):
        with open(os.path.join(args.examples, name), encoding="utf-8") as f:
            seeds.append(f.read())

WIDE = ["é", "€", "😀", "\u0000", "\ufffd", "\t", "\r", "// -----", "// NOLINT",
        "}", "{", "%", "^bb1:", "memref.dealloc %alloc : memref<8xf32>"]


def mutate(text):
    lines = text.split("\n")
    for _ in range(rng.randrange(0, 6)):
        op = rng.randrange(5)
        i = rng.randrange(len(lines)) if lines else 0
        if op == 0 and lines:
            del lines[i]
        elif op == 1 and lines:
            lines.insert(i, lines[i])
        elif op == 2 and lines:
            lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
        elif op == 3:
            lines.insert(i, rng.choice(WIDE))
        elif lines:
            pos = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:pos] + rng.choice(WIDE) + lines[i][pos:]
    return "\n".join(lines)


def anything(depth=0):
    """A JSON value of a random type (nested at most 2 deep)."""
    makers = [lambda: None, lambda: True, lambda: rng.randrange(-2**40, 2**40),
              lambda: "x" * rng.randrange(5), lambda: -1.5, lambda: "auto",
              lambda: [anything(depth + 1)], lambda: {"k": anything(depth + 1)}]
    return makers[rng.randrange(8 if depth < 2 else 6)]()


def position():
    return {"line": rng.choice([0, 1, 2, 5, 40, -1, 2**31 - 1]),
            "character": rng.choice([0, 1, 3, 80, -3, 2**31 - 1])}


client = Client([args.tool, "lsp", "--debounce-ms=" + str(rng.choice([0, 5]))])
client.request(0, "initialize", {"capabilities": {
    "workspace": {"workspaceEdit": {"documentChanges": True,
                                    "resourceOperations": ["create"]}}}})
client.notify("initialized", {})
uris = [f"test:///fuzz{i}.mlir" for i in range(3)]
versions = {}
pending = []
for n in range(args.messages):
    uri = rng.choice(uris)
    kind = rng.randrange(12)
    if kind <= 1:
        versions[uri] = rng.randrange(1, 5)
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "mlir", "version": versions[uri],
            "text": mutate(rng.choice(seeds))}})
    elif kind <= 4:
        versions[uri] = versions.get(uri, 0) + 1
        change = {"text": rng.choice(WIDE + ["", "\n", "%x = arith.constant 0 : index\n"])}
        if rng.random() < 0.8:
            change["range"] = {"start": position(), "end": position()}
        if rng.random() < 0.1:
            change = anything()
        client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": versions[uri]},
            "contentChanges": [change]})
    elif kind <= 6:
        rid = 1000 + n
        params = {"textDocument": {"uri": uri},
                  "range": {"start": position(), "end": position()},
                  "context": {"diagnostics": [],
                              "only": rng.choice([["quickfix"], ["refactor"], [""]])}}
        if rng.random() < 0.1:
            params = anything()
        client.send({"jsonrpc": "2.0", "id": rid,
                     "method": "textDocument/codeAction", "params": params})
        pending.append(rid)
    elif kind == 7:
        client.notify(rng.choice(["textDocument/didClose", "textDocument/didSave"]),
                      {"textDocument": {"uri": uri}})
    elif kind == 8:
        settings = {rng.choice(["checks", "failOn", "splitInputFile",
                                "allowUnregisteredDialect", "maxFileBytes",
                                "dialectPlugins", "bogus"]): anything()}
        client.notify("workspace/didChangeConfiguration",
                      {"settings": rng.choice([settings, {"mlir-memlint": settings}, anything()])})
    elif kind == 9:
        rid = 1000 + n
        client.send({"jsonrpc": "2.0", "id": rid,
                     "method": rng.choice(["textDocument/hover", "foo", "$/x"]),
                     "params": anything()})
        pending.append(rid)
    elif kind == 10:
        # A well-framed message that is not JSON-RPC.
        body = rng.choice([b"not json", b"[]", b"{}", b'{"jsonrpc":"1.0"}', b"\xff\xfe"])
        client.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        client.proc.stdin.flush()
    else:
        client.notify(rng.choice(["textDocument/didOpen", "textDocument/didChange",
                                  "workspace/didChangeWatchedFiles"]), anything())
for rid in pending:
    client.reply(rid, timeout=300)
code = client.shutdown()
print(f"lsp_fuzz: seed {args.seed}, {args.messages} messages, "
      f"{len(pending)} requests answered, exit code {code}")
sys.exit(0 if code == 0 else 1)
