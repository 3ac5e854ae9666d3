#!/usr/bin/env bash
# Benchmarks the recording proxy against a direct connection with the same Python peers
# (Tests/TapedeckProxyTests/Peers/bench_peer.py): round-trip latency added (p50, p99) and push
# throughput as a ratio of direct. Needs a release build (make release) and .venv (make pydeps).
#
# Usage: scripts/bench-proxy.sh [TAPEDECK_BINARY] [ROUNDS] [PUSH_COUNT] [PUSH_SIZE] [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build/release/tapedeck}
ROUNDS=${2:-5000}
COUNT=${3:-50000}
SIZE=${4:-256}
REPEATS=${5:-3}
PY=.venv/bin/python
PEER=Tests/TapedeckProxyTests/Peers/bench_peer.py
OUT=$(mktemp -d)
trap 'kill $SERVER_PID $PROXY_PID 2>/dev/null || true; rm -rf "$OUT"' EXIT

$PY $PEER server > "$OUT/server.out" &
SERVER_PID=$!
until grep -q '^port ' "$OUT/server.out" 2>/dev/null; do sleep 0.05; done
PORT=$(sed -n 's/^port //p' "$OUT/server.out")

"$BIN" record --listen 127.0.0.1:0 --upstream "ws://127.0.0.1:$PORT" --out "$OUT/tapes" --threads 1 \
  > "$OUT/proxy.out" 2> "$OUT/proxy.err" &
PROXY_PID=$!
until grep -q '^recording on ' "$OUT/proxy.out" 2>/dev/null; do sleep 0.05; done
PROXY_URL=$(sed -n 's/^recording on \([^ ]*\) .*/\1/p' "$OUT/proxy.out")

for i in $(seq "$REPEATS"); do
  $PY $PEER client "ws://127.0.0.1:$PORT" "$ROUNDS" "$COUNT" "$SIZE" >> "$OUT/direct.jsonl"
  $PY $PEER client "$PROXY_URL" "$ROUNDS" "$COUNT" "$SIZE" >> "$OUT/proxy.jsonl"
done
kill -INT $PROXY_PID; wait $PROXY_PID || true

$PY - "$OUT/direct.jsonl" "$OUT/proxy.jsonl" "$ROUNDS" "$COUNT" "$SIZE" <<'PY'
import json, statistics, sys
direct = [json.loads(l) for l in open(sys.argv[1])]
proxy = [json.loads(l) for l in open(sys.argv[2])]
med = lambda rows, key: statistics.median(r[key] for r in rows)
print(f"rounds {sys.argv[3]}, push {sys.argv[4]} x {sys.argv[5]} B, median of {len(direct)} runs each")
for key in ("p50_us", "p99_us"):
    d, p = med(direct, key), med(proxy, key)
    print(f"{key[:3]} round trip: direct {d:8.1f} us, proxy {p:8.1f} us, added {p - d:7.1f} us")
d, p = med(direct, "push_msgs_per_s"), med(proxy, "push_msgs_per_s")
print(f"push throughput: direct {d:9.0f} msg/s, proxy {p:9.0f} msg/s, ratio {p / d:.3f}")
PY
echo "tapes recorded: $(ls "$OUT/tapes"/*.tape | wc -l)"
