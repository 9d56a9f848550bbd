#!/usr/bin/env python3
"""Runs lit on the given suites and ends with a plain 'N passed, M failed' line.

In the sanitizer build, also fails when a sanitizer wrote a report into
SUITE/sanitizer-reports/ (test/sanitize/lit_sanitize.py), and prints them.

usage: run_lit.py LIT SUITE...
"""
import json
import os
import subprocess
import sys
import tempfile

MAX_REPORT_CHARS = 20000


def sanitizer_reports(suites):
    """The report files of the sanitizer build's test run."""
    files = []
    for suite in suites:
        folder = os.path.join(suite, "sanitizer-reports")
        if os.path.isdir(folder):
            files += [os.path.join(folder, name) for name in sorted(os.listdir(folder))]
    return files


def print_reports(files):
    print(f"error: {len(files)} sanitizer report(s):", file=sys.stderr)
    for path in files:
        with open(path, errors="replace") as f:
            text = f.read()
        if len(text) > MAX_REPORT_CHARS:
            text = text[:MAX_REPORT_CHARS] + f"\n... ({len(text)} characters, see the file)\n"
        print(f"==== {path}\n{text}", file=sys.stderr)


def main():
    lit, suites = sys.argv[1], sys.argv[2:]
    for stale in sanitizer_reports(suites):
        os.remove(stale)
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
        reports = sanitizer_reports(suites)
        if reports:
            print_reports(reports)
        sys.stderr.flush()
        print(f"{passed} passed, {failed} failed, {skipped} skipped")
        if passed == 0:
            print("error: no test ran", file=sys.stderr)
            return 1
        return 1 if (rc != 0 or failed or reports) else 0


if __name__ == "__main__":
    sys.exit(main())
