"""Writes the first ```mlir block of a Markdown page that contains TEXT.

usage: extract_mlir_block.py PAGE TEXT OUT
"""
import re
import sys

page, needle, out = sys.argv[1:4]
for block in re.findall(r"```mlir\n(.*?)```", open(page).read(), re.S):
    if needle in block:
        open(out, "w").write(block)
        sys.exit(0)
print(f"{page}: no ```mlir block contains {needle!r}")
sys.exit(1)
