"""Validates JSON documents of mlir-memlint against the documented schemas.

Each FILE is a JSON report (`mlir-memlint --json`, validated against
docs/json-format.schema.json) or a plan document (`mlir-memlint plan --json`,
against docs/plan-format.schema.json), told apart by their `plans` field.
Beyond the schemas, the figures must add up:

- report: `stats.files` and `stats.filesNotParsed` count `files`;
  `stats.errors`/`warnings`/`notes` count `findings` by level; each figure of
  `stats` is the sum of the files' (by op name too); every location's end is
  not before its start; the findings of a file are sorted by line, column
  and rule, and the files' findings come in the order of `files`; every path
  in a location or a fix names a file of `files`.
- plan: every planned buffer is aligned and within the arena, no two planned
  buffers live at the same time overlap, the lower bound is at most the
  arena, the arena at most the greedy plan's, and totalBytes is the planned
  buffers' bytes.

usage: validate_json.py SCHEMA_DIR FILE...
The `jsonschema` module is Debian's python3-jsonschema (scripts/setup.sh).
"""
import json
import os
import sys

import jsonschema

FIGURES = ["chunks", "functions", "ops", "buffers", "unknownEffectOps", "externalCalls",
           "incompleteFunctions", "steps", "states", "parseParts"]


def check_report(doc, problem):
    files, findings, stats = doc["files"], doc["findings"], doc["stats"]
    paths = [f["path"] for f in files]
    if stats["files"] != len(files):
        problem(f"stats.files is {stats['files']}, files has {len(files)}")
    not_parsed = sum(f["status"] == "error" for f in files)
    if stats["filesNotParsed"] != not_parsed:
        problem(f"stats.filesNotParsed is {stats['filesNotParsed']}, {not_parsed} files have "
                "status error")
    for level, key in (("error", "errors"), ("warning", "warnings"), ("note", "notes")):
        n = sum(f["level"] == level for f in findings)
        if stats[key] != n:
            problem(f"stats.{key} is {stats[key]}, findings has {n} at level {level}")
    unchanged = sum(f.get("baselineState") == "unchanged" for f in findings)
    if stats["unchanged"] != unchanged:
        problem(f"stats.unchanged is {stats['unchanged']}, {unchanged} findings are unchanged")
    for key in FIGURES:
        if key in stats or any(key in f["stats"] for f in files):
            total = sum(f["stats"].get(key, 0) for f in files)
            if stats.get(key) != total:
                problem(f"stats.{key} is {stats.get(key)}, the files' sum {total}")
    by_name = {}
    for f in files:
        for name, n in f["stats"]["unknownEffectOpsByName"].items():
            by_name[name] = by_name.get(name, 0) + n
        if sum(f["stats"]["unknownEffectOpsByName"].values()) != f["stats"]["unknownEffectOps"]:
            problem(f"{f['path']}: unknownEffectOpsByName does not add up to unknownEffectOps")
    if by_name != stats["unknownEffectOpsByName"]:
        problem("stats.unknownEffectOpsByName is not the files' sum")
    if ("seconds" in stats) != all("seconds" in f["stats"] for f in files) and files:
        problem("timings in some stats objects only")

    def location(where, loc):
        if loc["file"] not in paths:
            problem(f"{where}: file '{loc['file']}' is not in files")
        if (loc["endLine"], loc["endColumn"]) < (loc["line"], loc["column"]):
            problem(f"{where}: the range ends before it starts: {loc}")

    order = {p: i for i, p in enumerate(paths)}
    previous = None
    for i, f in enumerate(findings):
        where = f"findings[{i}] ({f['rule']})"
        location(where, f["location"])
        for j, note in enumerate(f["notes"]):
            location(f"{where}.notes[{j}]", note["location"])
        for fix in f["fixes"]:
            for edit in fix["edits"]:
                if edit["file"] not in paths:
                    problem(f"{where}: a fix edits '{edit['file']}', which is not in files")
        loc = f["location"]
        key = (order.get(loc["file"], -1), loc["line"], loc["column"], f["rule"], f["message"])
        if previous is not None and key < previous:
            problem(f"{where}: not sorted after the finding before it")
        previous = key


def check_plan(doc, problem):
    for i, plan in enumerate(doc["plans"]):
        where = f"plans[{i}] ({plan['file']} {plan.get('function', '')} {plan.get('space', '')})"
        planned = [b for b in plan["buffers"] if "offset" in b]
        for b in planned:
            if b["bytes"] is None:
                problem(f"{where}: planned buffer {b['name']} has no size")
                continue
            if b["offset"] % b["alignment"]:
                problem(f"{where}: {b['name']} at {b['offset']} is not aligned to {b['alignment']}")
            if b["offset"] + b["bytes"] > plan["arenaSize"]:
                problem(f"{where}: {b['name']} ends past the arena ({plan['arenaSize']} bytes)")
            if b["alignment"] & (b["alignment"] - 1):
                problem(f"{where}: {b['name']}'s alignment {b['alignment']} is not a power of two")
            if b["lower"] > b["upper"]:
                problem(f"{where}: {b['name']}'s interval [{b['lower']}, {b['upper']}) is empty")
        for j, a in enumerate(planned):
            for b in planned[j + 1:]:
                if None in (a["bytes"], b["bytes"]):
                    continue
                in_time = a["lower"] < b["upper"] and b["lower"] < a["upper"]
                in_space = a["offset"] < b["offset"] + b["bytes"] and \
                    b["offset"] < a["offset"] + a["bytes"]
                if in_time and in_space and a["bytes"] and b["bytes"]:
                    problem(f"{where}: {a['name']} and {b['name']} overlap")
        if not plan["lowerBound"] <= plan["arenaSize"] <= plan["greedy"]["arenaSize"]:
            problem(f"{where}: not lowerBound <= arenaSize <= greedy.arenaSize")
        total = sum(b["bytes"] or 0 for b in planned)
        if plan["totalBytes"] != total:
            problem(f"{where}: totalBytes is {plan['totalBytes']}, the planned buffers' {total}")


def main():
    schema_dir, paths = sys.argv[1], sys.argv[2:]
    schemas = {}
    for kind, name in (("report", "json-format.schema.json"), ("plan", "plan-format.schema.json")):
        schema = json.load(open(os.path.join(schema_dir, name)))
        cls = jsonschema.validators.validator_for(schema)
        cls.check_schema(schema)
        schemas[kind] = cls(schema)
    counts = {"report": 0, "plan": 0}
    errors = 0
    findings = 0
    for path in paths:
        def problem(message):
            nonlocal errors
            errors += 1
            print(f"{path}: {message}")
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            problem(f"not JSON: {e}")
            continue
        kind = "plan" if isinstance(doc, dict) and "plans" in doc else "report"
        counts[kind] += 1
        schema_errors = sorted(schemas[kind].iter_errors(doc), key=lambda e: list(e.path))
        for e in schema_errors[:20]:
            problem(f"/{'/'.join(str(p) for p in e.path)}: {e.message}")
        if schema_errors:
            continue
        if kind == "report":
            findings += len(doc["findings"])
            check_report(doc, problem)
        else:
            check_plan(doc, problem)
    print(f"validated {counts['report']} reports ({findings} findings) and {counts['plan']} "
          f"plan documents: {errors} errors")
    return 1 if errors or not paths else 0


if __name__ == "__main__":
    sys.exit(main())
