#!/usr/bin/env python3
"""Validates SARIF logs twice, and fails on any error:

1. Microsoft's SARIF validator (`Sarif.Multitool validate --rule-kind
   "Sarif;Ghas"`, the SARIF rules and GitHub Advanced Security's ingestion
   rules). It exits 0 even when it finds errors, so its output log is read:
   any result at level "error" fails. It also skips files it cannot
   deserialize without saying so, hence
2. the JSON schema it ships (sarif-2.1.0.json, draft 2020-12), with
   python3-jsonschema.

usage: validate_sarif.py MULTITOOL SCHEMA WORK_DIR SARIF...
"""
import json
import os
import subprocess
import sys

import jsonschema


def main():
    multitool, schema_path, work = sys.argv[1:4]
    logs = sys.argv[4:]
    if not os.access(multitool, os.X_OK):
        print(f"error: no SARIF validator at {multitool}; run "
              "scripts/setup-sarif-validator.sh BUILD_DIR (make test does)")
        return 1
    failures = 0

    schema = json.load(open(schema_path))
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema, format_checker=jsonschema.FormatChecker())
    for log in logs:
        for error in validator.iter_errors(json.load(open(log))):
            path = "/".join(str(p) for p in error.absolute_path)
            print(f"{log}: schema error at {path}: {error.message}")
            failures += 1

    os.makedirs(work, exist_ok=True)
    out = os.path.join(work, "validation.sarif")
    if os.path.exists(out):
        os.remove(out)
    cmd = [multitool, "validate", "--rule-kind", "Sarif;Ghas",
           "--level", "Error;Warning;Note", "--log", "ForceOverwrite",
           "--output", out] + logs
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0 or not os.path.exists(out):
        print(f"error: the SARIF validator failed ({run.returncode}):")
        print(run.stdout + run.stderr)
        return 1
    result_log = json.load(open(out))
    counts = {}
    for run_ in result_log.get("runs", []):
        for invocation in run_.get("invocations", []):
            for note in invocation.get("toolExecutionNotifications", []):
                if note.get("level", "warning") == "error":
                    print(f"validator error: {note.get('message', {}).get('text')}")
                    failures += 1
        for result in run_.get("results", []):
            level = result.get("level", "warning")
            counts[level] = counts.get(level, 0) + 1
            if level == "error":
                failures += 1
                message = result.get("message", {})
                where = [l.get("physicalLocation", {}).get("artifactLocation", {}).get("uri")
                         for l in result.get("locations", [])]
                print(f"validator error {result.get('ruleId')}: "
                      f"{message.get('text') or message.get('id')} "
                      f"{message.get('arguments')} in {where}")
    summary = ", ".join(f"{n} {level}" for level, n in sorted(counts.items()))
    print(f"validated {len(logs)} SARIF logs: {summary or 'no results'}; "
          f"{failures} errors")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
