#!/usr/bin/env bash
# `make demo`: the main job end to end on the built-in defaults.
#
#   reference server (virtual clock) <── recording proxy <── shipped scenarios
#                                            │
#                                            ▼
#                               demo-out/tapes/*.tape ──▶ tapedeck check (+ Recordings/)
#
# Every process it starts is stopped on exit, on failure and on Ctrl-C.
set -euo pipefail

bin=${1:-.build/release/tapedeck}
out=demo-out
pids=()

cleanup() {
  local pid
  for pid in "${pids[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  pids=()
}
trap cleanup EXIT
trap 'echo "demo: interrupted" >&2; exit 130' INT TERM

# Starts a long-running tapedeck command in the background and prints the first line it writes
# (the address it bound), waiting up to 30 s for it.
start() {
  local log=$1; shift
  "$bin" "$@" >"$log" 2>"$log.err" &
  pids+=("$!")
  local pid=$! waited=0
  until [ -s "$log" ]; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "demo: '$bin $*' exited early:" >&2; cat "$log.err" >&2; exit 1
    fi
    sleep 0.1; waited=$((waited + 1))
    [ "$waited" -lt 300 ] || { echo "demo: '$bin $*' did not start in 30 s" >&2; exit 1; }
  done
  head -n 1 "$log"
}

rm -rf "$out"
mkdir -p "$out/tapes" "$out/logs"

echo "== reference server"
server_line=$(start "$out/logs/server.log" server --listen 127.0.0.1:0 --clock virtual)
echo "$server_line"
server_url=$(grep -o 'ws://[^ ]*' <<<"$server_line" | head -n 1)

echo "== recording proxy"
proxy_line=$(start "$out/logs/proxy.log" record --listen 127.0.0.1:0 --upstream "$server_url" \
  --out "$out/tapes" --label demo)
echo "$proxy_line"
proxy_url=$(grep -o 'ws://[^ ]*' <<<"$proxy_line" | head -n 1)

echo "== shipped scenarios through the proxy"
scenario_status=0
"$bin" scenario run Scenarios/*.scenario --server "$proxy_url" --server-clock virtual \
  --junit "$out/scenarios.junit.xml" || scenario_status=$?

# Stopping the proxy closes every tape cleanly and writes the catalog.
cleanup

echo "== tapes recorded by the proxy"
"$bin" ls "$out/tapes"

echo "== check: the new tapes (invariants after every record)"
check_new=0
"$bin" check "$out/tapes" --junit "$out/junit.xml" --record none || check_new=$?

echo "== check: the committed regression corpus (Recordings/)"
check_corpus=0
"$bin" check Recordings --record none --junit "$out/recordings.junit.xml" || check_corpus=$?

first_tape=$(ls "$out"/tapes/*.tape | head -n 1)
echo "== report of $first_tape"
report_status=0
"$bin" report "$first_tape" -o "$out/report.html" || report_status=$?

tapes=$(ls "$out"/tapes/*.tape | wc -l)
verdict() { [ "$1" -eq 0 ] && echo pass || echo "FAIL (exit $1)"; }
echo
echo "== summary"
printf '%-34s %s\n' "scenarios through the proxy" "$(verdict "$scenario_status")"
printf '%-34s %s\n' "tapes recorded" "$tapes in $out/tapes"
printf '%-34s %s\n' "check of the new tapes" "$(verdict "$check_new")"
printf '%-34s %s\n' "check of Recordings/" "$(verdict "$check_corpus")"
printf '%-34s %s\n' "HTML report" "$(verdict "$report_status") ($out/report.html)"
printf '%-34s %s\n' "JUnit" "$out/junit.xml, $out/recordings.junit.xml"

[ "$scenario_status" -eq 0 ] && [ "$check_new" -eq 0 ] && [ "$check_corpus" -eq 0 ] && [ "$report_status" -eq 0 ]
