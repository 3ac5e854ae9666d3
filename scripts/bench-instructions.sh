#!/usr/bin/env bash
# Instructions per message of typed decoding from memory, decoding from a tape and full replay,
# counted by valgrind's callgrind on DecodeProfile, the package's plain benchmark driver (the same loops
# as `tapedeck bench`'s stages; docs/PERFORMANCE.md, "Instructions per message"). The
# count does not depend on the machine's load, so it is the decode figure a threshold can guard
# to a few percent on this shared VM, where hardware counters are not available to `perf` and
# wall and CPU time move by more than 5 % between runs.
#
# Usage: scripts/bench-instructions.sh
# Environment: MESSAGES (20000), STAGES ("memory decode replay"),
#   BENCH_INSTRUCTIONS_JSON (also write the figures there as JSON),
#   INSTRUCTION_THRESHOLDS (a JSON file of {"memory": N, ...} in instructions per message: fail
#   when a stage runs more than TOLERANCE_PERCENT (2) over N; `make bench` passes
#   Tool/Benchmarks/Thresholds/instructions.json, `make bench-thresholds` records it).
set -euo pipefail
cd "$(dirname "$0")/.."
MESSAGES=${MESSAGES:-20000}
STAGES=${STAGES:-memory decode replay}
TOLERANCE_PERCENT=${TOLERANCE_PERCENT:-2}
for number in "$MESSAGES" "$TOLERANCE_PERCENT"; do
  case $number in '' | *[!0-9]* | 0) echo "bench-instructions: MESSAGES and TOLERANCE_PERCENT must be positive whole numbers (got '$number')" >&2; exit 2 ;; esac
done
for stage in $STAGES; do
  case $stage in memory | decode | replay | tapereplay | lz4) ;; *) echo "bench-instructions: unknown stage '$stage' (memory, decode, replay, tapereplay or lz4)" >&2; exit 2 ;; esac
done
command -v valgrind >/dev/null || { echo "bench-instructions: no valgrind; run make deps" >&2; exit 2; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# DecodeProfile is in the package only with TAPEDECK_BENCHMARKS=1 (the end of Package.swift); the
# release objects of the targets it measures are the ones `make release` builds.
TAPEDECK_BENCHMARKS=1 swift build --package-path Tool -c release --product DecodeProfile > "$OUT/build.log" 2>&1 \
  || { tail -n 30 "$OUT/build.log" >&2; echo "bench-instructions: DecodeProfile does not build" >&2; exit 1; }
# valgrind 3.19 cannot read the DWARF 5 of Swift 6.3's debug information.
cp Tool/.build/release/DecodeProfile "$OUT/DecodeProfile"
strip --strip-debug "$OUT/DecodeProfile"
"$OUT/DecodeProfile" synth "$MESSAGES" 1 "$OUT/synthetic.tape"
# Only runStage counts (not writing or loading the tape): the exact symbol, since a glob also
# matches the closure inside it and toggling there switches collection off for the work.
SYMBOL='$s13DecodeProfile8runStage_8payloads4tapeSiSS_SaySb_Says5UInt8VGtGSStKF'
for stage in $STAGES; do
  valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.$stage" --toggle-collect="$SYMBOL" \
    "$OUT/DecodeProfile" "$stage" "$OUT/synthetic.tape" > "$OUT/$stage.out" 2> "$OUT/$stage.err" \
    || { cat "$OUT/$stage.err" >&2; echo "bench-instructions: DecodeProfile $stage failed under valgrind" >&2; exit 1; }
  collected=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$OUT/$stage.err")
  [ -n "$collected" ] || { cat "$OUT/$stage.err" >&2; echo "bench-instructions: no instruction count for $stage" >&2; exit 1; }
  echo "$stage $collected $MESSAGES" >> "$OUT/counts.txt"
done

python3 scripts/lib/instruction-verdict.py "$OUT/counts.txt" "${BENCH_INSTRUCTIONS_JSON:-}" \
  "${INSTRUCTION_THRESHOLDS:-}" "$TOLERANCE_PERCENT" \
  "Instructions per message (callgrind, DecodeProfile, $MESSAGES synthetic messages of seed 1)" bench-instructions
