#!/usr/bin/env bash
# The recording proxy's cost, beside a plain TCP relay of the same traffic (socat) as the floor,
# in one run (docs/PERFORMANCE.md, "The proxy's CPU per message"):
#  - CPU per relayed and recorded message: the Python `websockets` server
#    (Tool/Tests/TapedeckProxyTests/Peers/bench_peer.py) pushes JSON text messages of 400 B and 16 KiB
#    through the relay; the client reads the relay process's user+sys time (/proc/PID/stat)
#    before and after the push. The proxy validates each message's UTF-8, redacts it and writes
#    it to a tape; socat only copies bytes. The ratio to socat is the figure to guard.
#  - The round-trip time the proxy adds to a 64-byte text message (p50, p99), against a direct
#    connection without deflate (through the proxy the deflate offer is removed).
# Legs alternate in every repeat, so a change in the machine's load hits all of them alike.
# Each TAPEDECK_BINARY may be NAME=PATH; several binaries are measured side by side
# (scripts/bench-compare.sh). Needs release builds, .venv (make pydeps) and socat (make deps).
#
# Usage: scripts/bench-proxy.sh [TAPEDECK_BINARY...]
# Environment: REPEATS (5), ROUNDS (5000), SMALL_COUNT (100000), LARGE_COUNT (10000),
#   BENCH_PROXY_JSON (also write the figures there as JSON), PROXY_THRESHOLDS (a JSON file of
#   {"cpu_ratio_400": R, "cpu_ratio_16384": R}: fail when a build's best ratio to the floor is
#   more than 5 % above R; `make bench` passes Tool/Benchmarks/Thresholds/proxy.json).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- Tool/.build/release/tapedeck
REPEATS=${REPEATS:-5}
ROUNDS=${ROUNDS:-5000}
SMALL_COUNT=${SMALL_COUNT:-100000}
LARGE_COUNT=${LARGE_COUNT:-10000}
for number in "$REPEATS" "$ROUNDS" "$SMALL_COUNT" "$LARGE_COUNT"; do
  case $number in '' | *[!0-9]* | 0) echo "bench-proxy: REPEATS, ROUNDS, SMALL_COUNT and LARGE_COUNT must be positive whole numbers (got '$number')" >&2; exit 2 ;; esac
done
PY=.venv/bin/python
PEER=Tool/Tests/TapedeckProxyTests/Peers/bench_peer.py
[ -x $PY ] || { echo "bench-proxy: no $PY; run make pydeps" >&2; exit 2; }
command -v socat >/dev/null || { echo "bench-proxy: no socat (the plain TCP relay the proxy is measured against); run make deps" >&2; exit 2; }
OUT=$(mktemp -d)
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null || true; rm -rf "$OUT"' EXIT

wait_for_line() { # FILE PATTERN PID: waits until FILE has a line matching PATTERN, while PID lives
  until grep -q "$2" "$1" 2>/dev/null; do
    kill -0 "$3" 2>/dev/null || { echo "bench-proxy: process $3 ended early:" >&2; cat "$1" "$1.err" >&2 2>/dev/null; exit 1; }
    sleep 0.05
  done
}

$PY $PEER server > "$OUT/server.out" &
SERVER_PID=$!
PIDS+=("$SERVER_PID")
wait_for_line "$OUT/server.out" '^port ' "$SERVER_PID"
PORT=$(sed -n 's/^port //p' "$OUT/server.out")

NAMES=()
URLS=()
PROXY_PIDS=()
for argument in "$@"; do
  name=${argument%%=*}; binary=${argument#*=}
  [ "$name" != "$argument" ] || name=$(basename "$binary")
  [ -x "$binary" ] || { echo "bench-proxy: $binary is not an executable (build it with make release)" >&2; exit 2; }
  index=${#NAMES[@]}
  mkdir -p "$OUT/tapes-$index"
  "$binary" record --listen 127.0.0.1:0 --upstream "ws://127.0.0.1:$PORT" --out "$OUT/tapes-$index" --threads 1 \
    > "$OUT/proxy-$index.out" 2> "$OUT/proxy-$index.out.err" &
  PIDS+=("$!")
  PROXY_PIDS+=("$!")
  wait_for_line "$OUT/proxy-$index.out" '^recording on ' "$!"
  NAMES+=("$name")
  URLS+=("$(sed -n 's/^recording on \([^ ]*\) .*/\1/p' "$OUT/proxy-$index.out")")
done

free_port() { $PY -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# One client run: LEG SIZE URL PID; the 400-byte run also measures round trips.
run_client() {
  local rounds=0 count=$LARGE_COUNT
  if [ "$2" = 400 ]; then rounds=$ROUNDS; count=$SMALL_COUNT; fi
  $PY $PEER client "$3" "$rounds" "$count" "$2" none text "$4" | sed "s/^{/{\"leg\":\"$1\",\"size\":$2,/" >> "$OUT/runs.jsonl"
}

# socat relays one connection and exits: a fresh one for every run, its own process to measure.
run_socat() {
  local port pid
  port=$(free_port)
  socat "TCP-LISTEN:$port,bind=127.0.0.1,reuseaddr,nodelay" "TCP:127.0.0.1:$PORT,nodelay" 2> "$OUT/socat.err" &
  pid=$!
  # Listening (state 0A) on 127.0.0.1:port, without a probe connection, which would be its one.
  until grep -q "0100007F:$(printf '%04X' "$port") 00000000:0000 0A" /proc/net/tcp; do
    kill -0 $pid 2>/dev/null || { echo "bench-proxy: socat did not start:" >&2; cat "$OUT/socat.err" >&2; exit 1; }
    sleep 0.02
  done
  run_client socat "$1" "ws://127.0.0.1:$port" $pid
  wait $pid 2>/dev/null || true
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for repeat in $(seq "$REPEATS"); do
  for size in 400 16384; do
    run_socat $size
    for index in "${!NAMES[@]}"; do
      run_client "${NAMES[$index]}" $size "${URLS[$index]}" "${PROXY_PIDS[$index]}"
    done
  done
  $PY $PEER client "ws://127.0.0.1:$PORT" "$ROUNDS" 1 400 none text | sed 's/^{/{"leg":"direct","size":400,/' >> "$OUT/runs.jsonl"
  for index in "${!NAMES[@]}"; do rm -f "$OUT/tapes-$index"/*.tape; done
  echo "  run $repeat of $REPEATS done (load average $(cut -d' ' -f1 /proc/loadavg))"
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
for pid in "${PROXY_PIDS[@]}"; do kill -INT "$pid"; wait "$pid" || true; done
PIDS=("$SERVER_PID")

$PY - "$OUT/runs.jsonl" "${BENCH_PROXY_JSON:-}" "${PROXY_THRESHOLDS:-}" "$SMALL_COUNT" "$LARGE_COUNT" "${NAMES[@]}" <<'PY'
import json, statistics, sys
runs = [json.loads(line) for line in open(sys.argv[1])]
json_out, thresholds, small, large, names = sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:]
def values(leg, size, key):
    return [run[key] for run in runs if run["leg"] == leg and run["size"] == size and key in run]
def ratios(leg, size):
    # Each proxy run against the socat run of the same repeat.
    return [p / s for p, s in zip(values(leg, size, "cpu_us_per_msg"), values("socat", size, "cpu_us_per_msg"))]
repeats = len(values("direct", 400, "p50_us"))
summary = {"repeats": repeats, "legs": {}}
print(f"\nCPU per relayed message, user+sys of the relay process in µs, and its ratio to the floor: median of {repeats} runs (best);")
print(f"JSON text messages, {small} of 400 B and {large} of 16 KiB pushed by the server per run")
print(f"  {'relay':<22}{'400 B':>16}{'16 KiB':>18}{'400 B / floor':>16}{'16 KiB / floor':>16}")
for leg in ["socat"] + names:
    row, figures = f"  {leg + (' (floor)' if leg == 'socat' else ''):<22}", {}
    for size in (400, 16384):
        cpu = values(leg, size, "cpu_us_per_msg")
        figures[f"cpu_us_{size}"] = statistics.median(cpu)
        figures[f"cpu_us_{size}_best"] = min(cpu)
        figures[f"cpu_us_{size}_runs"] = cpu
        row += f"{statistics.median(cpu):.2f} ({min(cpu):.2f})".rjust(17 if size == 400 else 18)
    for size in (400, 16384):
        if leg != "socat":
            figures[f"ratio_{size}"] = statistics.median(ratios(leg, size))
            figures[f"ratio_{size}_best"] = min(ratios(leg, size))
            row += f"{figures[f'ratio_{size}']:.2f} ({figures[f'ratio_{size}_best']:.2f})".rjust(16)
    summary["legs"][leg] = figures
    print(row)
direct = {key: statistics.median(values("direct", 400, key)) for key in ("p50_us", "p99_us")}
print(f"\nRound trip of a 64-byte text message, µs, median of {repeats} runs:"
      f" direct (no deflate) p50 {direct['p50_us']:.1f}, p99 {direct['p99_us']:.1f}")
for leg in ["socat"] + names:
    p50, p99 = (statistics.median(values(leg, 400, key)) for key in ("p50_us", "p99_us"))
    summary["legs"][leg].update(p50_added_us=p50 - direct["p50_us"], p99_added_us=p99 - direct["p99_us"])
    print(f"  {leg:<22}p50 {p50:7.1f} (added {p50 - direct['p50_us']:+6.1f})   p99 {p99:7.1f} (added {p99 - direct['p99_us']:+6.1f})")
if json_out:
    with open(json_out, "w") as out:
        json.dump(summary, out)
failed = False
if thresholds:
    limits = json.load(open(thresholds))
    print(f"\nThresholds ({thresholds}, 5 % allowed): best ratio of CPU per message to the floor")
    for leg in names:
        for size in (400, 16384):
            best, limit = summary["legs"][leg][f"ratio_{size}_best"], limits[f"cpu_ratio_{size}"]
            verdict = "ok" if best <= limit * 1.05 else "REGRESSION"
            failed = failed or verdict != "ok"
            print(f"  {leg} {size} B: {best:.3f} against {limit:.3f}: {verdict}")
sys.exit(1 if failed else 0)
PY
