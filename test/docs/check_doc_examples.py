"""Checks that each docs/checks/<rule>.md shows what the tool prints.

The first ```mlir block of a page is its bad IR; the first ```text block
holding `example.mlir:` lines must equal the tool's diagnostic lines for it
(error/warning lines and notes; source lines and carets are not compared).
A page may give extra command-line options for its example in a comment
`<!-- example-options: ... -->` (e.g. a memory budget).
usage: check_doc_examples.py TOOL DOCS_DIR WORK_DIR
"""
import os
import re
import subprocess
import sys

tool, docs, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
failures = 0
pages = sorted(f for f in os.listdir(docs) if re.match(r"(lifetime|perf|memlint)-.*\.md$", f))
for page in pages:
    text = open(os.path.join(docs, page)).read()
    mlir = re.search(r"```mlir\n(.*?)```", text, re.S)
    shown = re.search(r"```text\n(example\.mlir:.*?)```", text, re.S)
    if not mlir or not shown:
        print(f"{page}: no example or no diagnostics block")
        failures += 1
        continue
    path = os.path.join(work, "example.mlir")
    with open(path, "w") as f:
        f.write(mlir.group(1))
    extra = re.search(r"<!-- example-options: (.*?) -->", text)
    extra = extra.group(1).split() if extra else []
    out = subprocess.run([tool, "--color=never", "--show-fixes", "--allow-unregistered-dialect"]
                         + extra + ["example.mlir"],
                         capture_output=True, text=True, cwd=work).stderr
    diag = re.compile(r"^example\.mlir:\d+:\d+: (error|warning|note): ")
    got = [l for l in out.splitlines() if diag.match(l)]
    want = [l for l in shown.group(1).splitlines() if diag.match(l)]
    if got != want:
        failures += 1
        print(f"{page}: documented diagnostics differ from the tool's")
        for line in want:
            if line not in got:
                print(f"  only in the doc:  {line}")
        for line in got:
            if line not in want:
                print(f"  only in the tool: {line}")
print(f"{len(pages) - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
