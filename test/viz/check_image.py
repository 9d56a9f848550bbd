#!/usr/bin/env python3
"""Checks an image written by `mlir-memlint viz`.

  check_image.py svg FILE TEXT...   FILE parses as XML, is an SVG document, and
                                    every TEXT occurs in its text or in an
                                    attribute (tooltips are xlink:title)
  check_image.py png FILE           FILE has the PNG signature and an IHDR chunk
                                    with a sane width and height
"""
import struct
import sys
import xml.etree.ElementTree as ET


def check_svg(path, texts):
    root = ET.parse(path).getroot()
    if not root.tag.endswith("}svg") and root.tag != "svg":
        sys.exit(f"{path}: root element is {root.tag}, not svg")
    pieces = []
    for element in root.iter():
        if element.text:
            pieces.append(element.text)
        pieces.extend(element.attrib.values())
    blob = "\n".join(pieces)
    missing = [t for t in texts if t not in blob]
    if missing:
        sys.exit(f"{path}: missing {missing}")
    print(f"{path}: valid SVG with {len(texts)} expected texts")


def check_png(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        sys.exit(f"{path}: no PNG signature")
    length, kind = struct.unpack(">I4s", data[8:16])
    if kind != b"IHDR" or length != 13:
        sys.exit(f"{path}: first chunk is not IHDR")
    width, height = struct.unpack(">II", data[16:24])
    if not (50 <= width <= 30000 and 50 <= height <= 30000):
        sys.exit(f"{path}: odd size {width}x{height}")
    if not data.endswith(b"IEND\xaeB`\x82"):
        sys.exit(f"{path}: no IEND chunk at the end")
    print(f"{path}: valid PNG {width}x{height}")


if __name__ == "__main__":
    kind, path = sys.argv[1], sys.argv[2]
    if kind == "svg":
        check_svg(path, sys.argv[3:])
    elif kind == "png":
        check_png(path)
    else:
        sys.exit(f"unknown kind {kind}")
