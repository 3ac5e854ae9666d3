#!/usr/bin/env bash
# `make demo`: the main job end to end on the built-in defaults.
# For now: turn the shipped session fixture into a tape, check it with the lz4 tool, and show it.
set -euo pipefail
bin=${1:-.build/release/tapedeck}
out=demo-out
mkdir -p "$out"
fixture=Tests/TapedeckTapeTests/Fixtures/baolife-session.jsonl

echo "== import $fixture"
"$bin" import "$fixture" -o "$out/session.tape"
echo "== lz4 -t $out/session.tape"
lz4 -t "$out/session.tape"
echo "== tapedeck info"
"$bin" info "$out/session.tape"
echo "== tapedeck cat"
"$bin" cat "$out/session.tape"
echo "== round trip"
"$bin" export "$out/session.tape" --format jsonl -o "$out/session.jsonl"
if cmp -s "$fixture" "$out/session.jsonl"; then
  echo "export matches the fixture byte for byte"
else
  echo "export differs from $fixture" >&2
  exit 1
fi
