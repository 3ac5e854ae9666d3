#!/usr/bin/env python3
"""Usage: fuzz-seeds.py TAPEDECK OUT_DIR TAPE...

Writes the seed corpus of `make fuzz` (issue 18): every distinct text message of the tapes, as
`tapedeck export` gives them, one file each, named by the SHA-1 of its bytes so a rerun writes
the same files. Prints how many messages it wrote."""
import hashlib
import json
import os
import subprocess
import sys

tapedeck, out, tapes = sys.argv[1], sys.argv[2], sys.argv[3:]
if not tapes:
    sys.exit("fuzz-seeds.py: no tapes given")
os.makedirs(out, exist_ok=True)
written = set()
for tape in tapes:
    lines = subprocess.run([tapedeck, "export", tape], check=True, capture_output=True, text=True).stdout
    for line in lines.splitlines():
        record = json.loads(line)
        if record.get("kind") != "text":
            continue
        data = record["text"].encode()
        name = hashlib.sha1(data).hexdigest()
        if name not in written:
            with open(os.path.join(out, name), "wb") as f:
                f.write(data)
            written.add(name)
print(f"fuzz-seeds: {len(written)} distinct messages from {len(tapes)} tapes in {out}")
