#!/usr/bin/env bash
# Benchmarks the recording proxy against a direct connection with the same Python `websockets`
# peers (Tests/TapedeckProxyTests/Peers/bench_peer.py), permessage-deflate on as is their default:
# round-trip latency added (p50, p99) and push throughput as a ratio of direct. Through the proxy
# the deflate offer is removed, so both legs run uncompressed; "direct, no deflate" is measured
# too, so the proxy's own cost can be told apart from the cost of compression it saves.
# Needs a release build (make release) and .venv (make pydeps).
#
# Usage: scripts/bench-proxy.sh [TAPEDECK_BINARY] [ROUNDS] [PUSH_COUNT] [PUSH_SIZE] [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build/release/tapedeck}
ROUNDS=${2:-5000}
COUNT=${3:-50000}
SIZE=${4:-256}
REPEATS=${5:-5}
PY=.venv/bin/python
PEER=Tests/TapedeckProxyTests/Peers/bench_peer.py
OUT=$(mktemp -d)
SERVER_PID=; PROXY_PID=
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

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
# Alternating runs, so a change in the machine's load hits every leg alike.
for i in $(seq "$REPEATS"); do
  $PY $PEER client "ws://127.0.0.1:$PORT" "$ROUNDS" "$COUNT" "$SIZE" deflate >> "$OUT/direct.jsonl"
  $PY $PEER client "$PROXY_URL" "$ROUNDS" "$COUNT" "$SIZE" deflate >> "$OUT/proxy.jsonl"
  $PY $PEER client "ws://127.0.0.1:$PORT" "$ROUNDS" "$COUNT" "$SIZE" none >> "$OUT/plain.jsonl"
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime)"
kill -INT $PROXY_PID; wait $PROXY_PID || true
PROXY_PID=

$PY - "$OUT" "$ROUNDS" "$COUNT" "$SIZE" <<'PY'
import json, statistics, sys
out, rounds, count, size = sys.argv[1:5]
legs = {name: [json.loads(l) for l in open(f"{out}/{name}.jsonl")] for name in ("direct", "proxy", "plain")}
med = lambda name, key: statistics.median(r[key] for r in legs[name])
print(f"rounds {rounds} (64 B text), push {count} x {size} B binary, median of {len(legs['direct'])} runs each")
print("extensions: direct " + ",".join(legs["direct"][0]["extensions"]) + "; proxy "
      + (",".join(legs["proxy"][0]["extensions"]) or "none") + "; direct, no deflate none")
for key in ("p50_us", "p99_us"):
    d, p, n = med("direct", key), med("proxy", key), med("plain", key)
    print(f"{key[:3]} round trip: direct {d:7.1f} us, proxy {p:7.1f} us, added {p - d:6.1f} us"
          f" (direct, no deflate {n:7.1f} us, added {p - n:6.1f} us)")
d, p, n = med("direct", "push_msgs_per_s"), med("proxy", "push_msgs_per_s"), med("plain", "push_msgs_per_s")
print(f"push throughput: direct {d:7.0f} msg/s, proxy {p:7.0f} msg/s, ratio {p / d:.3f}"
      f" (direct, no deflate {n:7.0f} msg/s, ratio {p / n:.3f})")
PY
echo "tapes recorded: $(ls "$OUT/tapes"/*.tape | wc -l)"
