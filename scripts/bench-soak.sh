#!/usr/bin/env bash
# The soak of issue 23 against the release build: SEQUENTIAL short sessions one after the other,
# then CONCURRENT at once (connect, createCharacter, 5 answers, close; Peers/soak_client.py),
# through the recording proxy in front of `tapedeck server --clock virtual`, against that server
# directly, and against `tapedeck serve --timing fast` of the fixture session. Prints the resident
# memory (VmRSS) of the process under test after 500, 5,000 and SEQUENTIAL sessions and after the
# concurrent ones, and fails when the last is more than 10 MB above the figure after 500.
# Then issue 34's forward-mode soak: FORWARD sessions through `record --mode forward`, each over
# wss:// to a name of its own (127.1.X.Y: FORWARD loopback addresses, each intercepted by name, so
# each costs a leaf certificate, beyond the cache's 1,000), and the proxy's RSS after warm-up (the
# first 1,000 sessions fill the certificate cache) and at the end, which must be within 10 MB.
# Needs a release build (make release) and .venv (make pydeps).
#
# Usage: scripts/bench-soak.sh [TAPEDECK_BINARY] [SEQUENTIAL] [CONCURRENT] [FORWARD]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-Tool/.build/release/tapedeck}
SEQUENTIAL=${2:-10000}
CONCURRENT=${3:-2000}
FORWARD=${4:-2000}
PY=.venv/bin/python
CLIENT=Tool/Tests/TapedeckProxyTests/Peers/soak_client.py
TAPE=Tool/Tests/TapedeckTapeTests/Fixtures/baolife-session.tape
name=bench-soak
# The concurrent sessions are all open at once: allow them (the default is 1024).
LIMIT="--max-connections $((CONCURRENT + 100))"
OUT=$(mktemp -d)
source scripts/lib/background.sh
trap 'stop_all; rm -rf "$OUT"' EXIT
status=0

# soak KIND URL PID: runs both phases, prints one line of figures (MB).
soak() {
  local kind=$1 url=$2 pid=$3 started=$SECONDS
  $PY $CLIENT "$url" "$pid" sequential "$SEQUENTIAL" 500 5000 > "$OUT/$kind.seq"
  CONCURRENT=$CONCURRENT $PY $CLIENT "$url" "$pid" concurrent "$CONCURRENT" > "$OUT/$kind.con"
  $PY - "$kind" "$OUT/$kind.seq" "$OUT/$kind.con" "$SEQUENTIAL" "$((SECONDS - started))" <<'PY' || status=1
import sys
kind, seq, con, sequential, seconds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
figures, failed = [], 0
for path, offset in ((seq, 0), (con, sequential)):
    for line in open(path):
        parts = line.split()
        if parts[0] == "rss":
            figures.append((offset + int(parts[1]), int(parts[2])))
        elif parts[0] == "done":
            failed += int(parts[2])
        elif parts[0] == "failed":
            print(f"  {kind}: {line.strip()}")
first = dict(figures)[500]
growth = figures[-1][1] - first
text = ", ".join(f"{n:,} {kb / 1024:.1f} MB" for n, kb in figures)
verdict = "ok" if growth <= 10 * 1024 and failed == 0 else "FAIL"
print(f"{kind:6} RSS after {text}; growth since 500: {growth / 1024:+.1f} MB, {failed} failed, {seconds} s: {verdict}")
sys.exit(0 if verdict == "ok" else 1)
PY
}

echo "soak: $SEQUENTIAL sequential then $CONCURRENT concurrent sessions per process ($bin)"
# The proxy (one event loop thread, as in the issue) in front of a server of its own.
start "$OUT/upstream.out" server --clock virtual $LIMIT
upstream_url=$(sed -n 's/^listening on \(.*\)$/\1/p' "$OUT/upstream.out")
start "$OUT/proxy.out" record --no-catalog --threads 1 --listen 127.0.0.1:0 --upstream "$upstream_url" \
  --out "$OUT/tapes" --status-interval 86400 $LIMIT
proxy_pid=${pids[-1]}
proxy_url=$(sed -n 's/^recording on \([^ ]*\) .*/\1/p' "$OUT/proxy.out")/wss/
soak proxy "$proxy_url" "$proxy_pid"
stop_all
start "$OUT/server.out" server --clock virtual $LIMIT
server_pid=${pids[-1]}
server_url=$(sed -n 's/^listening on \(.*\)$/\1/p' "$OUT/server.out")
soak server "$server_url" "$server_pid"
start "$OUT/serve.out" serve "$TAPE" --timing fast $LIMIT
serve_pid=${pids[-1]}
serve_url=$(sed -n 's/^serving .* on \(ws:[^ ]*\)$/\1/p' "$OUT/serve.out")
soak serve "$serve_url" "$serve_pid"
stop_all

# Forward mode. The upstream listens on every address (the names are 127.1.X.Y, which a socket
# bound to 127.0.0.1 does not take) with the tests' certificate; the proxy does not verify it.
start "$OUT/tls-upstream.out" server --clock virtual --listen 0.0.0.0:0 \
  --tls-cert Tool/Tests/TapedeckServersTests/Fixtures/test-cert.pem --tls-key Tool/Tests/TapedeckServersTests/Fixtures/test-key.pem
upstream_port=$(sed -n 's/^listening on wss:\/\/[^ ]*:\([0-9]*\)\/.*$/\1/p' "$OUT/tls-upstream.out")
intercepts=()
for ((index = 0; index < FORWARD; index++)); do intercepts+=(--intercept "127.1.$((index / 250)).$((1 + index % 250))"); done
start "$OUT/forward.out" record --mode forward --no-catalog --threads 1 --listen 127.0.0.1:0 "${intercepts[@]}" \
  --insecure --ca-dir "$OUT/ca" --out "$OUT/forward-tapes" --status-interval 86400
forward_pid=${pids[-1]}
forward_url=$(sed -n 's/^recording on \(http:[^ ]*\) .*/\1/p' "$OUT/forward.out")
started=$SECONDS
SOAK_PROXY=$forward_url SOAK_CA=$OUT/ca/ca.pem SOAK_NAMES=$FORWARD $PY $CLIENT "wss://{host}:$upstream_port/wss/" \
  "$forward_pid" sequential "$FORWARD" 500 1000 > "$OUT/forward.seq"
$PY - "$OUT/forward.seq" "$FORWARD" "$((SECONDS - started))" "$(find "$OUT/forward-tapes" -name '*.tape' | wc -l)" <<'PY' || status=1
import sys
path, names, seconds, tapes = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
figures, failed = {}, 0
for line in open(path):
    parts = line.split()
    if parts[0] == "rss":
        figures[int(parts[1])] = int(parts[2])
    elif parts[0] == "done":
        failed = int(parts[2])
    elif parts[0] == "failed":
        print(f"  forward: {line.strip()}")
# Warm-up: the first 1,000 sessions, which fill the certificate cache (fewer when FORWARD is smaller).
warm_up = max(n for n in figures if n <= max(1000, min(figures)))
warm, end = figures[warm_up], figures[max(figures)]
growth = end - warm
verdict = "ok" if abs(growth) <= 10 * 1024 and failed == 0 and tapes == names else "FAIL"
text = ", ".join(f"{n:,} {kb / 1024:.1f} MB" for n, kb in sorted(figures.items()))
print(f"forward RSS after {text} ({names:,} names); growth since {warm_up:,} (warm-up): {growth / 1024:+.1f} MB, "
      f"{tapes:,} tapes, {failed} failed, {seconds} s: {verdict}")
sys.exit(0 if verdict == "ok" else 1)
PY
exit $status
