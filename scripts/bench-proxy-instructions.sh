#!/usr/bin/env bash
# Instructions per relayed message of the recording proxy's per-frame path, counted by valgrind's
# callgrind on `tapedeck-proxy-profile` (docs/PERFORMANCE.md, "The proxy's instructions per
# message"): a proxied session on EmbeddedChannels behind NIO's frame decoder and encoder, each
# frame checked by the relay machine (RFC 6455, UTF-8 of text), forwarded and appended to the
# tape's queue. valgrind cannot run the `tapedeck` binary (the concurrency runtime's threads), and
# the proxy's CPU time per message moves by more than 5 % between runs on this shared VM; the
# count is the same to the instruction at any load, so this is the proxy threshold that holds.
#
# Stages: server400 (JSON text of 400 B from the server to the app, as `make bench-proxy` pushes),
# server16k (16 KiB), app400 (400 B from the app, unmasked and masked again towards the server).
#
# Usage: scripts/bench-proxy-instructions.sh
# Environment: MESSAGES (20000; a tenth of it for server16k), STAGES ("server400 server16k app400"),
#   BENCH_PROXY_INSTRUCTIONS_JSON (also write the figures there as JSON),
#   PROXY_INSTRUCTION_THRESHOLDS (a JSON file of {"server400": N, ...} in instructions per
#   message: fail when a stage runs more than TOLERANCE_PERCENT (2) over N; `make bench` passes
#   Tool/Benchmarks/Thresholds/proxy-instructions.json, `make bench-thresholds` records it).
set -euo pipefail
cd "$(dirname "$0")/.."
MESSAGES=${MESSAGES:-20000}
STAGES=${STAGES:-server400 server16k app400}
TOLERANCE_PERCENT=${TOLERANCE_PERCENT:-2}
for number in "$MESSAGES" "$TOLERANCE_PERCENT"; do
  case $number in '' | *[!0-9]* | 0) echo "bench-proxy-instructions: MESSAGES and TOLERANCE_PERCENT must be positive whole numbers (got '$number')" >&2; exit 2 ;; esac
done
[ "$MESSAGES" -ge 10 ] || { echo "bench-proxy-instructions: MESSAGES must be at least 10 (got $MESSAGES)" >&2; exit 2; }
for stage in $STAGES; do
  case $stage in server400 | server16k | app400) ;; *) echo "bench-proxy-instructions: unknown stage '$stage' (server400, server16k or app400)" >&2; exit 2 ;; esac
done
command -v valgrind >/dev/null || { echo "bench-proxy-instructions: no valgrind; run make deps" >&2; exit 2; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

swift build --package-path Tool -c release --product tapedeck-proxy-profile > "$OUT/build.log" 2>&1 \
  || { tail -n 30 "$OUT/build.log" >&2; echo "bench-proxy-instructions: tapedeck-proxy-profile does not build" >&2; exit 1; }
# valgrind 3.19 cannot read the DWARF 5 of Swift 6.3's debug information.
cp Tool/.build/release/tapedeck-proxy-profile "$OUT/profile"
strip --strip-debug "$OUT/profile"
# Only `relay` counts (a frame into one side, through the proxy, out of the other): not setting
# up, not reading the written bytes back, not the tape's writer thread after the loop.
SYMBOL='$s22tapedeck_proxy_profile5relay_4intoy7NIOCore10ByteBufferV_11NIOEmbedded15EmbeddedChannelCtKF'
nm "$OUT/profile" > "$OUT/symbols.txt"
grep -qF "$SYMBOL" "$OUT/symbols.txt" \
  || { echo "bench-proxy-instructions: no symbol $SYMBOL in tapedeck-proxy-profile (was relay(_:into:) renamed?)" >&2; exit 1; }
for stage in $STAGES; do
  count=$MESSAGES
  [ "$stage" != server16k ] || count=$((MESSAGES / 10))
  valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.$stage" --toggle-collect="$SYMBOL" \
    "$OUT/profile" "$stage" "$count" > "$OUT/$stage.out" 2> "$OUT/$stage.err" \
    || { cat "$OUT/$stage.err" >&2; echo "bench-proxy-instructions: tapedeck-proxy-profile $stage failed under valgrind" >&2; exit 1; }
  collected=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$OUT/$stage.err")
  [ -n "$collected" ] || { cat "$OUT/$stage.err" >&2; echo "bench-proxy-instructions: no instruction count for $stage" >&2; exit 1; }
  echo "$stage $collected $count" >> "$OUT/counts.txt"
done

python3 scripts/lib/instruction-verdict.py "$OUT/counts.txt" "${BENCH_PROXY_INSTRUCTIONS_JSON:-}" \
  "${PROXY_INSTRUCTION_THRESHOLDS:-}" "$TOLERANCE_PERCENT" \
  "Instructions per relayed message (callgrind, tapedeck-proxy-profile: decode, relay machine, forward, tape queue)" \
  bench-proxy-instructions
