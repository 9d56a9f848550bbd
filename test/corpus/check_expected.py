"""Checks that every expected finding of stripped/EXPECTED.json is reported."""
import json
import os
import sys

expected = json.load(open(sys.argv[1]))["files"]
report = json.load(open(sys.argv[2]))
got = {}
for f in report["findings"]:
    got.setdefault(os.path.basename(f["location"]["file"]), set()).add(f["location"]["line"])
missing = []
for name, entry in expected.items():
    lines = set(entry["leaks"]) | {o["line"] for o in entry["other_expected_findings"]}
    for line in sorted(lines - got.get(name, set())):
        missing.append(f"{name}:{line}")
total = sum(len(set(e["leaks"]) | {o["line"] for o in e["other_expected_findings"]})
            for e in expected.values())
print(f"{total - len(missing)}/{total} expected findings reported")
if missing:
    print("missing:", ", ".join(missing))
    sys.exit(1)
