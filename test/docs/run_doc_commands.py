"""Runs the shell commands of the Markdown docs and compares what they print.

Every fenced block of README.md and docs/**/*.md is looked at:

- ```console blocks are transcripts. A line starting with `$ ` is a command
  (a line ending in `\\` continues it on the next line); the lines after it,
  up to the next `$ ` line or the end of the block, are what it prints, stdout
  and stderr together, compared exactly (trailing spaces aside). A line that
  is only `...` stands for any number of lines (none included). A command may
  exit with 0 or 1 (1: findings); any other status fails the test unless the
  command shows it itself (`...; echo "exit $?"`).
- ```sh, ```bash and ```shell blocks are scripts: they run with
  `bash -e -o pipefail` and must exit 0; what they print is not compared. A
  script block must not hold `$ ` prompts (use ```console for a transcript),
  and no block of another language may hold a `$ ` line either.
- Other blocks (mlir, yaml, cpp, text, plain ``` synopses and diagrams) are
  not commands and are not run.

HTML comments right before a block (blank lines between allowed) direct it:

- `<!-- doc-test: skip (REASON) -->`: the next block is not run, for REASON
  (it builds or installs, runs a benchmark, needs the network, runs on
  GitHub, ...). The reason is required; skipped blocks are counted.
- `<!-- doc-test: file NAME -->`: the next block, of any language, is written
  to NAME in the scratch folder (e.g. a check page's bad IR as example.mlir).
- `<!-- doc-test: setup COMMAND -->`: COMMAND runs (bash, must exit 0) at
  this point of the page, unseen by the reader; for files a command needs.

Each page runs in a scratch folder of its own: a git repository with a copy of
examples/ added, and a folder `build` with links to the build's bin/ and lib/
(the layout of an install; PREFIX names it). PATH starts with the build's
bin/ folder and the LLVM tools (as in lit). The scratch folder's path
is replaced by `.` in the output (`SCRATCH/x` by `x`); the build and source
folders by `BUILD` and `SOURCE`.

usage: run_doc_commands.py [--update] SOURCE_DIR BUILD_DIR WORK_DIR [PAGE...]
  (without PAGE: README.md and docs/**/*.md of SOURCE_DIR)
  --update rewrites the shown output of each transcript without `...` lines
  with the real output (for updating the docs after a change of the tool).
"""
import difflib
import glob
import os
import re
import shutil
import subprocess
import sys

FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([\w+-]*)\s*$")
DIRECTIVE = re.compile(r"^\s*<!--\s*doc-test:\s*(.*?)\s*-->\s*$")
SCRIPT_LANGS = {"sh", "bash", "shell"}
TIMEOUT = 300


class Block:
    def __init__(self, lang, start, end, lines, indent):
        self.lang = lang          # info string of the fence
        self.start = start        # index of the opening fence line
        self.end = end            # index of the closing fence line
        self.lines = lines        # content, fence indentation removed
        self.indent = indent


def parse(path, text):
    """Yields ('block', Block, directives) and ('setup', command, line) in
    page order; raises ValueError on a malformed page."""
    lines = text.split("\n")
    items, pending, i = [], [], 0
    while i < len(lines):
        line = lines[i]
        d = DIRECTIVE.match(line)
        if d:
            words = d.group(1)
            if words.startswith("setup "):
                items.append(("setup", words[len("setup "):], i + 1))
            elif re.match(r"skip \(.+\)$", words) or re.match(r"file \S+$", words):
                pending.append((words, i + 1))
            else:
                raise ValueError(f"{path}:{i + 1}: unknown doc-test directive '{words}'")
            i += 1
            continue
        m = FENCE.match(line)
        if m:
            indent, fence, lang = m.group(1), m.group(2), m.group(3)
            j = i + 1
            while j < len(lines) and not (lines[j].strip() == fence and
                                          lines[j].startswith(indent)):
                j += 1
            if j == len(lines):
                raise ValueError(f"{path}:{i + 1}: unclosed code block")
            body = [l[len(indent):] if l.startswith(indent) else l.lstrip()
                    for l in lines[i + 1:j]]
            items.append(("block", Block(lang, i, j, body, indent), pending))
            pending = []
            i = j + 1
            continue
        if pending and line.strip():
            raise ValueError(f"{path}:{pending[0][1]}: 'doc-test: {pending[0][0]}' "
                             "is not followed by a code block")
        i += 1
    if pending:
        raise ValueError(f"{path}:{pending[0][1]}: 'doc-test: {pending[0][0]}' "
                         "is not followed by a code block")
    return items


def transcript(block, path):
    """The (line number, command, expected output lines, index of the first
    and last output line in block.lines) of a console block."""
    steps, k = [], 0
    body = block.lines
    if body and not body[0].startswith("$ "):
        raise ValueError(f"{path}:{block.start + 2}: a console block starts with a '$ ' command")
    while k < len(body):
        lineno = block.start + 2 + k
        command = body[k][2:]
        while command.endswith("\\") and k + 1 < len(body):
            k += 1
            command = command + "\n" + body[k]
        k += 1
        first = k
        while k < len(body) and not body[k].startswith("$ "):
            k += 1
        steps.append((lineno, command, body[first:k], first, k))
    return steps


def matches(expected, actual):
    """Whether the expected lines, with `...` lines as wildcards, are the
    actual lines."""
    pattern = "".join(r"(?:.*\n)*?" if l == "..." else re.escape(l) + r"\n"
                      for l in expected)
    return re.fullmatch(pattern, "".join(l + "\n" for l in actual)) is not None


class Runner:
    def __init__(self, src, build, work):
        self.src, self.build, self.work = src, build, work
        self.failures = self.commands = self.scripts = self.skipped = 0
        env = dict(os.environ)
        env["PATH"] = os.pathsep.join([os.path.join(build, "bin"),
                                       env.get("PATH", "")])
        env.pop("CLICOLOR_FORCE", None)
        env["GIT_CONFIG_NOSYSTEM"] = "1"
        env["HOME"] = work
        self.env = env

    def fail(self, where, message):
        self.failures += 1
        print(f"{where}: {message}")

    def scratch(self, page):
        name = os.path.relpath(page, self.src).replace(os.sep, "_")
        folder = os.path.join(self.work, name[:-3])
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        shutil.copytree(os.path.join(self.src, "examples"), os.path.join(folder, "examples"),
                        ignore=shutil.ignore_patterns("consumer"))
        # Not a link to the build folder itself: what a command writes into
        # build/ stays in the scratch folder.
        os.makedirs(os.path.join(folder, "build"))
        for sub in ("bin", "lib"):
            os.symlink(os.path.join(self.build, sub), os.path.join(folder, "build", sub))
        subprocess.run(["git", "init", "-q", "."], cwd=folder, check=True, env=self.env)
        subprocess.run(["git", "add", "examples"], cwd=folder, check=True, env=self.env)
        return folder

    def normalise(self, text, folder):
        real = os.path.realpath(folder)
        for root in {folder, real}:
            text = text.replace(root + "/", "").replace(root, ".")
        for root, name in ((self.build, "BUILD"), (self.src, "SOURCE")):
            for r in {root, os.path.realpath(root)}:
                text = text.replace(r, name)
        return [l.rstrip() for l in text.split("\n")]

    def run(self, command, folder, script=False):
        args = ["bash", "-e", "-o", "pipefail", "-c", command] if script else \
               ["bash", "-o", "pipefail", "-c", command]
        try:
            p = subprocess.run(args, cwd=folder,
                               env=dict(self.env, PREFIX=os.path.join(folder, "build")), stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return None, [f"(timed out after {TIMEOUT} s)"]
        out = self.normalise(p.stdout.decode("utf-8", "replace"), folder)
        if out and out[-1] == "":
            out.pop()
        return p.returncode, out

    def page(self, page, update):
        rel = os.path.relpath(page, self.src)
        text = open(page, encoding="utf-8").read()
        try:
            items = parse(rel, text)
        except ValueError as e:
            self.fail(rel, str(e))
            return
        folder = self.scratch(page)
        edits = []  # (first line index, last line index, new lines, indent)
        for item in items:
            if item[0] == "setup":
                _, command, lineno = item
                status, out = self.run(command, folder, script=True)
                if status != 0:
                    self.fail(f"{rel}:{lineno}", f"setup '{command}' exited with {status}:\n  "
                              + "\n  ".join(out))
                continue
            _, block, directives = item
            where = f"{rel}:{block.start + 1}"
            skip = [w for w, _ in directives if w.startswith("skip")]
            for words, _ in directives:
                if words.startswith("file "):
                    target = os.path.join(folder, words[len("file "):])
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    with open(target, "w", encoding="utf-8") as f:
                        f.write("\n".join(block.lines) + "\n")
            prompts = [l for l in block.lines if l.startswith("$ ")]
            if skip:
                self.skipped += 1
                continue
            if block.lang in SCRIPT_LANGS:
                if prompts:
                    self.fail(where, f"a ```{block.lang} block holds '$ ' prompts: "
                              "make it a ```console transcript")
                    continue
                self.scripts += 1
                status, out = self.run("\n".join(block.lines), folder, script=True)
                if status != 0:
                    self.fail(where, f"script exited with {status}:\n  " + "\n  ".join(out))
                continue
            if block.lang != "console":
                if prompts:
                    self.fail(where, f"a ```{block.lang} block holds '$ ' prompts: "
                              "make it a ```console transcript (or mark it skip)")
                continue
            try:
                steps = transcript(block, rel)
            except ValueError as e:
                self.fail(rel, str(e))
                continue
            for lineno, command, expected, first, last in steps:
                self.commands += 1
                status, out = self.run(command, folder)
                where = f"{rel}:{lineno}"
                if status not in (0, 1):
                    self.fail(where, f"'{command}' exited with {status} (only 0 and 1 "
                              "may be left unshown)")
                expected = [l.rstrip() for l in expected]
                if not matches(expected, out):
                    if update and "..." not in expected:
                        edits.append((block.start + 1 + first, block.start + 1 + last,
                                      out, block.indent))
                        print(f"{where}: updated the output of '{command}'")
                        continue
                    self.fail(where, f"the output of '{command}' differs from the doc's "
                              "(--- doc, +++ tool):\n" + "\n".join(
                                  difflib.unified_diff(expected, out, "doc", "tool",
                                                       lineterm="")))
        if edits:
            lines = text.split("\n")
            for first, last, out, indent in sorted(edits, reverse=True):
                lines[first:last] = [(indent + l) if l else l for l in out]
            with open(page, "w", encoding="utf-8") as f:
                f.write("\n".join(lines))


def main():
    args = sys.argv[1:]
    update = "--update" in args
    args = [a for a in args if a != "--update"]
    if len(args) < 3:
        print(__doc__)
        return 2
    src, build, work = (os.path.abspath(a) for a in args[:3])
    pages = [os.path.abspath(p) for p in args[3:]] or \
        [os.path.join(src, "README.md")] + \
        sorted(glob.glob(os.path.join(src, "docs", "**", "*.md"), recursive=True))
    os.makedirs(work, exist_ok=True)
    runner = Runner(src, build, work)
    for page in pages:
        runner.page(page, update)
    print(f"{len(pages)} pages: {runner.commands} commands and {runner.scripts} scripts run, "
          f"{runner.skipped} blocks skipped, {runner.failures} failures")
    return 1 if runner.failures else 0


if __name__ == "__main__":
    sys.exit(main())
