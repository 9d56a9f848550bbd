"""Checks that the docs list exactly the checks and options the tool has.

- The check tables (a Markdown table whose first column is headed `rule id`)
  of README.md, docs/user-guide.md and docs/checks/README.md list exactly the
  checks of `mlir-memlint --list-checks`, each once, with its level, linked to
  its page.
- docs/checks/ has a page <rule>.md for every check and no other check page;
  a page starts with `# <rule>`, says `Default level: **<level>**. Group:
  `<group>``, and lints its bad IR (a block written to example.mlir) in a
  ```console transcript (run by run_doc_commands.py).
- The options: the README's `## Options` block has a synopsis of every
  subcommand, names every long option of `mlir-memlint --help` and of each
  subcommand's `--help` (unless its synopsis points elsewhere), and names no
  other; the user guide's option table names only options of the tool.
- The JSON formats: docs/json-format.md names every field of
  docs/json-format.schema.json, docs/memory-plan.md every field of
  docs/plan-format.schema.json.

usage: check_doc_tables.py TOOL SOURCE_DIR
"""
import os
import re
import subprocess
import sys

tool, src = sys.argv[1:3]
problems = []


def problem(where, message):
    problems.append(f"{where}: {message}")


def run(*args):
    return subprocess.run([tool, *args], capture_output=True, text=True, check=True).stdout


registry = {}
for line in run("--list-checks").splitlines():
    m = re.match(r"^(\S+) \[(error|warning|note)\]: (.+)$", line)
    if not m:
        problem("--list-checks", f"unexpected line '{line}'")
        continue
    registry[m.group(1)] = (m.group(2), m.group(3))
if len(registry) < 2:
    problem("--list-checks", "lists fewer than 2 checks")


def tables(text):
    """The rows of each table headed `| rule id | ...`: (line number, cells)."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if re.match(r"^\|\s*rule id\s*\|", lines[i]):
            header = [c.strip() for c in lines[i].strip().strip("|").split("|")]
            rows, i = [], i + 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append((i + 1, [c.strip() for c in lines[i].strip().strip("|").split("|")]))
                i += 1
            yield header, rows
        i += 1


for page, checks_dir in (("README.md", "docs/checks"), ("docs/user-guide.md", "checks"),
                         ("docs/checks/README.md", "")):
    text = open(os.path.join(src, page), encoding="utf-8").read()
    found = list(tables(text))
    if len(found) != 1:
        problem(page, f"has {len(found)} tables headed 'rule id', not 1")
    for header, rows in found:
        level_col = next((k for k, h in enumerate(header) if "level" in h), None)
        seen = {}
        for lineno, cells in rows:
            where = f"{page}:{lineno}"
            m = re.fullmatch(r"\[`([a-z0-9-]+)`\]\(([^)]*)\)", cells[0])
            if not m:
                problem(where, f"first cell '{cells[0]}' is not [`rule-id`](page.md)")
                continue
            rule, link = m.groups()
            if rule in seen:
                problem(where, f"'{rule}' is listed again (line {seen[rule]})")
            seen[rule] = lineno
            if rule not in registry:
                problem(where, f"'{rule}' is not a registered check")
                continue
            want = os.path.join(checks_dir, rule + ".md") if checks_dir else rule + ".md"
            if link != want:
                problem(where, f"'{rule}' links to '{link}', not '{want}'")
            if level_col is not None and cells[level_col] != registry[rule][0]:
                problem(where, f"'{rule}' has level '{cells[level_col]}', the tool "
                        f"'{registry[rule][0]}'")
        for rule in sorted(set(registry) - set(seen)):
            problem(page, f"the check table misses '{rule}'")

docs = os.path.join(src, "docs", "checks")
pages = {f[:-3] for f in os.listdir(docs) if f.endswith(".md") and f != "README.md"}
for rule in sorted(pages - set(registry)):
    problem(f"docs/checks/{rule}.md", "is the page of no registered check")
for rule, (level, _) in sorted(registry.items()):
    where = f"docs/checks/{rule}.md"
    if rule not in pages:
        problem(where, "is missing")
        continue
    text = open(os.path.join(docs, rule + ".md"), encoding="utf-8").read()
    if not text.startswith(f"# {rule}\n"):
        problem(where, f"does not start with '# {rule}'")
    group = rule.split("-")[0]
    if f"Default level: **{level}**. Group: `{group}`" not in text:
        problem(where, f"does not say 'Default level: **{level}**. Group: `{group}`'")
    if not re.search(r"<!-- doc-test: file example\.mlir -->\n```mlir\n", text):
        problem(where, "has no bad IR block written to example.mlir (<!-- doc-test: file "
                "example.mlir --> before it)")
    if not re.search(r"```console\n\$ mlir-memlint [^\n]*example\.mlir\n", text):
        problem(where, "has no ```console transcript linting example.mlir")


def long_options(help_text):
    """The long options of a CLI11 help text (the first column only)."""
    names = set()
    for line in help_text.splitlines():
        m = re.match(r"^  (-\w,)?(--[a-z][a-z-]*)", line)
        if m and m.group(2) != "--help":
            names.add(m.group(2))
    return names


main_options = long_options(run("--help"))
readme = open(os.path.join(src, "README.md"), encoding="utf-8").read()
m = re.search(r"^## Options\n\n```\n(.*?)```", readme, re.S | re.M)
if not m:
    problem("README.md", "has no '## Options' block")
else:
    # The block's parts: the lint options, then a synopsis per subcommand.
    parts = {}
    for line in m.group(1).splitlines():
        if line.startswith("mlir-memlint "):
            word = line.split()[1]
            command = word if re.fullmatch(r"[a-z][a-z-]*", word) else ""
            parts.setdefault(command, set())
        parts[command].update(re.findall(r"--[a-z][a-z-]*", line))
    subcommands = re.findall(r"^  ([a-z][a-z-]*)  ", run("--help").split("Subcommands:")[-1],
                             re.M)
    for command in [""] + subcommands:
        name = f"mlir-memlint {command}".strip()
        if command not in parts:
            problem("README.md", f"the Options block has no synopsis of '{name}'")
            continue
        have = long_options(run(command, "--help") if command else run("--help"))
        named = parts[command]
        if command and not named:
            continue  # a synopsis that points elsewhere ("see below")
        for option in sorted(have - named):
            problem("README.md", f"the Options block misses {option} ({name} --help)")
        for option in sorted(named - have):
            problem("README.md", f"the Options block names {option}, which '{name}' does not have")
guide = open(os.path.join(src, "docs", "user-guide.md"), encoding="utf-8").read()
m = re.search(r"^\| option \| what \|\n(.*?)\n\n", guide, re.S | re.M)
if not m:
    problem("docs/user-guide.md", "has no '| option | what |' table")
else:
    for row in m.group(1).splitlines()[1:]:
        for option in re.findall(r"`(--[a-z][a-z-]*)", row.split("|")[1]):
            if option not in main_options:
                problem("docs/user-guide.md", f"the option table names {option}, which "
                        "mlir-memlint does not have")

# The JSON formats: every field of a schema is named (in `code`) on its page.
import json


def schema_fields(node, out):
    if isinstance(node, dict):
        for name, value in node.get("properties", {}).items():
            out.add(name)
        for value in node.values():
            schema_fields(value, out)
    elif isinstance(node, list):
        for value in node:
            schema_fields(value, out)
    return out


for schema, page in (("docs/json-format.schema.json", "docs/json-format.md"),
                     ("docs/plan-format.schema.json", "docs/memory-plan.md")):
    fields = schema_fields(json.load(open(os.path.join(src, schema))), set())
    text = open(os.path.join(src, page), encoding="utf-8").read()
    text = re.sub(r"^\s*```.*?^\s*```", "", text, flags=re.S | re.M)  # code blocks
    named = set()
    for span in re.findall(r"`([^`]+)`", text):
        named.update(re.findall(r"[A-Za-z]+", span))
    for field in sorted(fields - named):
        problem(page, f"does not name the field '{field}' of {schema}")

for p in problems:
    print(p)
print(f"{len(registry)} checks, {len(main_options)} options; {len(problems)} problems")
sys.exit(1 if problems else 0)
