"""Exits 0 when two SARIF logs are equal apart from their invocations."""
import json
import sys

a, b = (json.load(open(p)) for p in sys.argv[1:3])
for log in (a, b):
    for run in log["runs"]:
        run.pop("invocations", None)
if a != b:
    print(json.dumps(a, indent=1)[:2000])
    print(json.dumps(b, indent=1)[:2000])
    sys.exit(1)
