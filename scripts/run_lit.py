#!/usr/bin/env python3
"""Runs lit on the given suites and ends with a plain 'N passed, M failed' line.

usage: run_lit.py LIT SUITE...
"""
import json
import os
import subprocess
import sys
import tempfile


def main():
    lit, suites = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "results.json")
        cmd = [lit, "-sv", "--output", out] + suites
        if os.environ.get("CI"):
            cmd.insert(1, "--time-tests")
        rc = subprocess.call(cmd)
        passed = failed = skipped = 0
        try:
            with open(out) as f:
                for test in json.load(f).get("tests", []):
                    code = test.get("code")
                    if code in ("PASS", "XFAIL"):
                        passed += 1
                    elif code in ("UNSUPPORTED", "SKIPPED"):
                        skipped += 1
                    else:
                        failed += 1
        except (OSError, ValueError):
            failed = max(failed, 1)
        print(f"{passed} passed, {failed} failed, {skipped} skipped")
        if passed == 0:
            print("error: no test ran", file=sys.stderr)
            return 1
        return 1 if (rc != 0 or failed) else 0


if __name__ == "__main__":
    sys.exit(main())
