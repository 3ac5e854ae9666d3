#!/usr/bin/env python3
"""Pastes each file into the guide's `<!-- file: PATH -->` / `<!-- adapter: PATH -->` block again.

TestingDocTests fails when a block is not its file's code; this rewrites the blocks from the files
so the guide and the compiled code agree (docs/DEVELOPMENT.md).
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
for document in sys.argv[1:] or ["docs/TESTING-YOUR-APP.md"]:
    path = root / document
    text = path.read_text()
    pattern = re.compile(r"(<!-- (?:file|adapter): (?P<path>[^ ]+) -->.*?```swift\n)(?P<body>.*?)(\n```)", re.S)

    def paste(match):
        code = (root / match.group("path")).read_text()
        return match.group(1) + code.rstrip("\n") + match.group(4)

    path.write_text(pattern.sub(paste, text))
