#!/usr/bin/env python3
"""An independent reimplementation of GitHub's primaryLocationLineHash.

The algorithm, as published in github/codeql-action (src/fingerprints.ts,
function `hash`):
  * the file is read as UTF-8 and processed as UTF-16 code units;
  * spaces and tabs are skipped; '\\r' and '\\r\\n' count as one '\\n';
  * each line's hash covers the next 100 kept code units from the line's
    first kept unit (line breaks included), as a polynomial rolling hash
    with base 37 in 64-bit two's complement arithmetic (the `long` package);
  * the end of the file is the unit 65535, followed by zeros;
  * a hash is printed as unsigned hexadecimal with a ':<n>' suffix, n
    counting how many lines so far had the same hash.

The unit tests (test/unit/FingerprintTest.cpp) take their vectors from this
script, and the SARIF lit test compares every result of the tool with it.

usage: github_line_hash.py FILE [LINE...]   prints 'LINE HASH' lines
"""
import sys

MASK = (1 << 64) - 1
BLOCK = 100


def line_hashes(data: bytes):
    """Returns {line number: hash} for the bytes of a file."""
    text = data.decode("utf-8", errors="replace")
    units = []
    for ch in text:
        cp = ord(ch)
        if cp > 0xFFFF:
            cp -= 0x10000
            units += [0xD800 + (cp >> 10), 0xDC00 + (cp & 0x3FF)]
        else:
            units.append(cp)
    # Keep what the hash sees: no spaces or tabs, line breaks as '\n', each
    # unit tagged with the line it starts (or None).
    kept = []
    line = 0
    at_line_start = True
    prev_cr = False
    for u in units + [65535]:
        if u in (0x20, 0x09) or (prev_cr and u == 0x0A):
            prev_cr = False
            continue
        prev_cr = u == 0x0D
        if prev_cr:
            u = 0x0A
        starts = None
        if at_line_start:
            at_line_start = False
            line += 1
            starts = line
        if u == 0x0A:
            at_line_start = True
        kept.append((u, starts))
    # The hash of the window kept[i : i + 100], zero-padded at the end.
    values = [u for u, _ in kept] + [0] * BLOCK
    result = {}
    counts = {}
    for i, (_, starts) in enumerate(kept):
        if starts is None:
            continue
        h = 0
        for u in values[i:i + BLOCK]:
            h = (h * 37 + u) & MASK
        key = format(h, "x")
        counts[key] = counts.get(key, 0) + 1
        result[starts] = f"{key}:{counts[key]}"
    return result


def main():
    data = open(sys.argv[1], "rb").read()
    hashes = line_hashes(data)
    lines = [int(x) for x in sys.argv[2:]] or sorted(hashes)
    for n in lines:
        print(n, hashes.get(n, "-"))


if __name__ == "__main__":
    main()
