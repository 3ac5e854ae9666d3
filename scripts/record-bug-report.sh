#!/usr/bin/env bash
# Records docs/examples/bug-report.tape, the README's bug-report example: the character-creation
# scenario through the recording proxy against a reference server with an injected fault
# (--malformed-every 4: after every 4th message the server also sends the first half of it, so the
# client receives a cut JSON message right after createCharacter).
# Usage: scripts/record-bug-report.sh [TAPEDECK-BINARY]   (default Tool/.build/release/tapedeck)
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${1:-Tool/.build/release/tapedeck}
[ -x "$bin" ] || { echo "record-bug-report: no tapedeck binary at $bin" >&2; exit 2; }
work=$(mktemp -d /tmp/tapedeck-bug-report.XXXXXX)
pids=()
trap 'for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done; for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT

"$bin" server --listen 127.0.0.1:0 --clock virtual --seed 20250220 --malformed-every 4 >"$work/server.log" 2>&1 &
pids+=("$!")
until [ -s "$work/server.log" ]; do sleep 0.1; done
"$bin" record --listen 127.0.0.1:0 --upstream "$(grep -o 'ws://[^ ]*' "$work/server.log" | head -n 1)" \
  --out "$work/tapes" --label flow=bug-report --label fault=malformed-every-4 --no-catalog >"$work/proxy.log" 2>/dev/null &
pids+=("$!")
until [ -s "$work/proxy.log" ]; do sleep 0.1; done

# The scenario fails on the cut message: that failure is the bug being recorded.
"$bin" scenario run Scenarios/character-creation.scenario --server "$(grep -o 'ws://[^ ]*' "$work/proxy.log" | head -n 1)" \
  --server-clock virtual >/dev/null || true
kill -TERM "${pids[1]}"; wait "${pids[1]}" || true

mkdir -p docs/examples
mv "$work"/tapes/*.tape docs/examples/bug-report.tape
"$bin" info docs/examples/bug-report.tape
