"""Applies the replacements of a clang-tidy export-fixes YAML file (the way
clang-apply-replacements does) to one file, for the --export-fixes test."""
import re
import sys

yaml_path, target = sys.argv[1], sys.argv[2]
text = open(yaml_path).read()
reps = []
for m in re.finditer(r"Offset:\s+(\d+)\s+Length:\s+(\d+)\s+ReplacementText:\s+(\"(?:[^\"\\]|\\.)*\"|'(?:[^']|'')*')", text):
    raw = m.group(3)
    if raw.startswith('"'):
        value = bytes(raw[1:-1], "utf-8").decode("unicode_escape")
    else:
        value = raw[1:-1].replace("''", "'")
    reps.append((int(m.group(1)), int(m.group(2)), value))
data = open(target).read()
for offset, length, value in sorted(reps, reverse=True):
    data = data[:offset] + value + data[offset + length:]
open(target, "w").write(data)
