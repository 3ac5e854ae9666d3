#!/usr/bin/env bash
# Regenerates the committed regression corpus, Recordings/, from scratch (Recordings/README.md).
#
#   for each flow:  reference server (virtual clock, fixed seed) <── recording proxy <── its scenario
#                   the proxy's one tape ──▶ Recordings/FLOW.tape
#   then:           tapedeck check Recordings --record missing   (writes FLOW.golden/)
#                   tapedeck check Recordings --record none      (verifies them; must pass)
#
# Each flow gets a server and a proxy of its own, so a tape does not depend on the flows recorded
# before it. The hand-written FLOW.checkpoints files are kept; tapes and goldens are replaced.
# Usage: scripts/record-corpus.sh [TAPEDECK-BINARY [FLOW...]]   (default Tool/.build/release/tapedeck, every flow)
# Naming flows records only those (a new flow joins the corpus without re-recording the others).
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${1:-Tool/.build/release/tapedeck}
shift || true
out=Recordings
seed=20250220
# flow name : scenario that drives it
flows=(
  "connect:connect"
  "character-created:character-creation"
  "core-loop:core-loop"
  "store-purchase:store"
  "time-simulation:time-simulation"
  "five-minute-session:five-minute-session"
  "questions:questions"
  "claimable-events:claimable-events"
  "retention:retention"
  "conversations:conversations"
  "recovery:recovery"
  "setbacks:setbacks"
  "refused:refused:down"
  "returning-player:returning-player:last"
  "drop-reconnect:drop-reconnect:session"
  "claim-in-flight:claim-in-flight:session"
  "close-code:close-code:session"
  "refused-then-accepted:refused-then-accepted:session"
)

# The reference server's faults a flow needs: its scenario's `server` line (docs/SCENARIOS.md),
# whose options are `tapedeck server`'s own.
server_faults() {
  sed -n 's/^server[[:space:]]\{1,\}\([^#]*\).*/\1/p' "$1" | head -n 1
}

[ -x "$bin" ] || { echo "record-corpus: no tapedeck binary at $bin (make release, or pass its path)" >&2; exit 2; }
if [ "$#" -gt 0 ]; then
  chosen=()
  for wanted in "$@"; do
    found=""
    for flow in "${flows[@]}"; do [ "${flow%%:*}" = "$wanted" ] && found=$flow; done
    [ -n "$found" ] || { echo "record-corpus: no flow named '$wanted' (flows: ${flows[*]%%:*})" >&2; exit 2; }
    chosen+=("$found")
  done
  flows=("${chosen[@]}")
fi
for flow in "${flows[@]}"; do
  [ -f "$out/${flow%%:*}.checkpoints" ] || { echo "record-corpus: $out/${flow%%:*}.checkpoints is missing" >&2; exit 2; }
done

work=$(mktemp -d /tmp/tapedeck-record-corpus.XXXXXX)
name=record-corpus
source scripts/lib/background.sh
trap 'stop_all; rm -rf "$work"' EXIT
trap 'echo "record-corpus: interrupted" >&2; exit 130' INT TERM

rm -f "$out/catalog.sqlite"
for flow in "${flows[@]}"; do rm -rf "$out/${flow%%:*}.tape" "$out/${flow%%:*}.golden"; done

for entry in "${flows[@]}"; do
  # FLOW:SCENARIO, or FLOW:SCENARIO:down for a flow whose server is down (the proxy's upstream
  # is the address a server just left, so the connection is refused), or FLOW:SCENARIO:last for
  # a flow of several connections whose last one is the tape (a returning player's launch), or
  # FLOW:SCENARIO:session for a flow whose tape is the whole session: its drops and reconnects.
  # The others are recorded a tape per connection, as they always were.
  flow=${entry%%:*} rest=${entry#*:}
  scenario=Scenarios/${rest%%:*}.scenario down="" last="" tapes_per=(--tape-per connection)
  [ "$rest" = "${rest%:down}" ] || down=yes
  [ "$rest" = "${rest%:last}" ] || last=yes
  [ "$rest" = "${rest%:session}" ] || tapes_per=(--tape-per session --session-gap 60)
  echo "== $flow ($scenario)"
  mkdir -p "$work/$flow"
  # shellcheck disable=SC2046 # the faults are separate options
  start "$work/$flow/server.log" server --listen 127.0.0.1:0 --clock virtual --seed "$seed" $(server_faults "$scenario")
  server_url=$(grep -o 'ws://[^ ]*' "$work/$flow/server.log" | head -n 1)
  [ -z "$down" ] || stop_all
  start "$work/$flow/proxy.log" record --listen 127.0.0.1:0 --upstream "$server_url" --out "$work/$flow/tapes" \
    "${tapes_per[@]}" --label "flow=$flow" --label "scenario=$scenario" --label "seed=$seed" --label corpus=regression \
    --no-catalog
  proxy_url=$(grep -o 'ws://[^ ]*' "$work/$flow/proxy.log" | head -n 1)
  "$bin" scenario run "$scenario" --server "$proxy_url" --server-clock virtual
  # Stopping the proxy closes the tape; the server goes with it.
  stop_all
  tapes=("$work/$flow/tapes"/*.tape)
  if [ -n "$last" ]; then
    # Tape names start with the UTC time of the accept, so the last in order is the last connection.
    [ "${#tapes[@]}" -ge 2 ] || { echo "record-corpus: expected two or more tapes for $flow, found ${#tapes[@]}" >&2; exit 1; }
    tapes=("${tapes[${#tapes[@]}-1]}")
  fi
  [ "${#tapes[@]}" -eq 1 ] || { echo "record-corpus: expected one tape for $flow, found ${#tapes[@]}" >&2; exit 1; }
  mv "${tapes[0]}" "$out/$flow.tape"
done

echo "== goldens"
status=0
"$bin" check "$out" --record missing --no-catalog >/dev/null || status=$?
[ "$status" -eq 1 ] || { echo "record-corpus: writing the goldens exited $status (expected 1: goldens written)" >&2; exit 1; }
"$bin" check "$out" --record none --no-catalog
ls -l "$out"/*.tape
du -sh "$out"
