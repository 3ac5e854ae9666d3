#!/usr/bin/env bash
# `make demo`: the main job end to end on the built-in defaults.
#
#   reference server (virtual clock) <── recording proxy <── shipped scenarios
#                                            │
#                                            ▼
#                               demo-out/tapes/*.tape ──▶ tapedeck check (+ Recordings/ when it has tapes)
#                                                     └──▶ tapedeck report (the longest tape) ──▶ demo-out/report.html
#
# Every process it starts is stopped on exit, on failure and on Ctrl-C.
set -euo pipefail

bin=${1:-Tool/.build/debug/tapedeck}
out=demo-out
name=demo
source "$(dirname "$0")/lib/background.sh"
trap stop_all EXIT
trap 'echo "demo: interrupted" >&2; exit 130' INT TERM

rm -rf "$out"
mkdir -p "$out/tapes" "$out/logs"

echo "== reference server"
start "$out/logs/server.log" server --listen 127.0.0.1:0 --clock virtual
server_line=$(head -n 1 "$out/logs/server.log")
echo "$server_line"
server_url=$(grep -o 'ws://[^ ]*' <<<"$server_line" | head -n 1)

echo "== recording proxy"
# Every scenario is an app session of its own, all from this machine's one address: a tape per
# connection keeps them apart (an app's reconnects would be one session tape, docs/RECORDING.md).
start "$out/logs/proxy.log" record --listen 127.0.0.1:0 --upstream "$server_url" \
  --out "$out/tapes" --tape-per connection --label run=demo
proxy_line=$(head -n 1 "$out/logs/proxy.log")
echo "$proxy_line"
proxy_url=$(grep -o 'ws://[^ ]*' <<<"$proxy_line" | head -n 1)

echo "== shipped scenarios through the proxy"
# A scenario whose `server` line names the faults it needs (docs/SCENARIOS.md) gets a server with
# them and a proxy of its own below; the others play against this fair server, a tape per
# connection.
plain=() faulty=()
for file in Scenarios/*.scenario; do
  if grep -q '^server ' "$file"; then faulty+=("$file"); else plain+=("$file"); fi
done
scenario_status=0
"$bin" scenario run "${plain[@]}" --server "$proxy_url" --server-clock virtual \
  --junit "$out/scenarios.junit.xml" || scenario_status=$?

# Stopping the proxy closes every tape cleanly and writes the catalog.
stop_all

echo "== scenarios that need a server's faults, each through a proxy of its own"
# The server line's options are `tapedeck server`'s own; the proxy keeps the session (the app's
# reconnects included) on one tape, as Recordings/ has it.
for file in "${faulty[@]}"; do
  flow=$(basename "$file" .scenario)
  faults=$(sed -n 's/^server[[:space:]]\{1,\}\([^#]*\).*/\1/p' "$file" | head -n 1)
  echo "-- $flow: tapedeck server $faults"
  # shellcheck disable=SC2086 # the faults are separate options
  start "$out/logs/server-$flow.log" server --listen 127.0.0.1:0 --clock virtual $faults
  flow_server=$(grep -o 'ws://[^ ]*' "$out/logs/server-$flow.log" | head -n 1)
  start "$out/logs/proxy-$flow.log" record --listen 127.0.0.1:0 --upstream "$flow_server" \
    --out "$out/tapes" --tape-per session --session-gap 60 --label run=demo --label "flow=$flow"
  flow_proxy=$(grep -o 'ws://[^ ]*' "$out/logs/proxy-$flow.log" | head -n 1)
  "$bin" scenario run "$file" --server "$flow_proxy" --server-clock virtual \
    --junit "$out/scenarios-$flow.junit.xml" || scenario_status=$?
  stop_all
done

echo "== tapes recorded by the proxy"
"$bin" ls "$out/tapes"

echo "== check: the new tapes (invariants after every record)"
check_new=0
"$bin" check "$out/tapes" --junit "$out/junit.xml" --record none || check_new=$?

check_corpus=0
if compgen -G "Recordings/*.tape" >/dev/null; then
  echo "== check: the committed regression corpus (Recordings/)"
  # Results go to demo-out/, so the committed folder stays untouched.
  "$bin" check Recordings --record none --junit "$out/recordings.junit.xml" \
    --catalog "$out/recordings-catalog.sqlite" || check_corpus=$?
  corpus_verdict=$( [ "$check_corpus" -eq 0 ] && echo pass || echo "FAIL (exit $check_corpus)" )
else
  corpus_verdict="no tapes committed yet"
fi

first_tape=$(ls "$out"/tapes/*.tape | head -n 1)
echo "== the first recorded tape: $first_tape"
"$bin" info "$first_tape"

# The HTML report of one session: the longest recorded tape.
report_tape=$(ls -S "$out"/tapes/*.tape | head -n 1)
echo "== report: $report_tape -> $out/report.html"
report_status=0
"$bin" report "$report_tape" -o "$out/report.html" || report_status=$?

tapes=$(ls "$out"/tapes/*.tape | wc -l)
verdict() { [ "$1" -eq 0 ] && echo pass || echo "FAIL (exit $1)"; }
echo
echo "== summary"
printf '%-34s %s\n' "scenarios through the proxy" "$(verdict "$scenario_status")"
printf '%-34s %s\n' "tapes recorded" "$tapes in $out/tapes"
printf '%-34s %s\n' "check of the new tapes" "$(verdict "$check_new")"
printf '%-34s %s\n' "check of Recordings/" "$corpus_verdict"
printf '%-34s %s\n' "HTML report" "$(verdict "$report_status"): $out/report.html"
printf '%-34s %s\n' "JUnit" "$out/scenarios*.junit.xml, $out/junit.xml, $out/recordings.junit.xml"

[ "$scenario_status" -eq 0 ] && [ "$check_new" -eq 0 ] && [ "$check_corpus" -eq 0 ] && [ "$report_status" -eq 0 ]
