#!/usr/bin/env bash
# The same tape and the same build give the same report (issue 50): replays the example's clean
# build and its 11 regressions, and the test apps that storm, read a dead socket, never reconnect,
# reconnect late or at once, RUNS times each (50 by default), with one `yes > /dev/null` per core
# beside them, and prints each case's report digest and time. Fails when a case gives two reports.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-50}"
SWIFT="${SWIFT:-swift}"

# The flags of `make build`, so this build and make's stay incremental.
$SWIFT build --package-path Tool --build-tests -Xswiftc -warnings-as-errors --explicit-target-dependency-import-check error >/dev/null
(cd Examples/BaoLifeClient && $SWIFT build --build-tests >/dev/null)

hogs=()
for _ in $(seq "$(nproc 2>/dev/null || sysctl -n hw.ncpu)"); do yes >/dev/null & hogs+=($!); done
trap 'kill "${hogs[@]}" 2>/dev/null || true' EXIT

start=$(date +%s)
export TAPEDECK_DETERMINISM_RUNS="$RUNS"
out=$(mktemp)
status=0
(cd Examples/BaoLifeClient && $SWIFT test --skip-build --filter DeterminismTests) >"$out" 2>&1 || status=1
$SWIFT test --package-path Tool --skip-build --filter LoopingAppTests >>"$out" 2>&1 || status=1
grep '^determinism ' "$out" | sort
echo "== $((${#hogs[@]})) CPU hogs beside the runs; $(( $(date +%s) - start )) s in all"
[ "$status" = 0 ] || { grep -E '✘' "$out" | head -20; echo "determinism: a case gave different reports (above)" >&2; }
rm -f "$out"
exit "$status"
