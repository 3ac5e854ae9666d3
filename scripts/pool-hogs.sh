#!/usr/bin/env bash
# Ranks test suites by the CPU time their tests spent on Swift's concurrency pool (issue 44):
# runs the built test bundle under `perf record` (49 samples a second, frame-pointer call
# graphs) and attributes each sample taken on a pool thread of the test process to the
# outermost test function on its stack. A suite high on the list holds pool threads that
# waiting tests need: mark it `.cpuBound` (docs/DEVELOPMENT.md, "Tests").
# Usage: scripts/pool-hogs.sh [extra test-bundle arguments], after `swift build --package-path Tool --build-tests`.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v perf >/dev/null || { echo "pool-hogs: needs perf (Debian: linux-perf)" >&2; exit 2; }
bundle=Tool/.build/debug/TapedeckToolPackageTests.xctest
[ -x "$bundle" ] || { echo "pool-hogs: build the tests first: swift build --package-path Tool --build-tests" >&2; exit 2; }
data=$(mktemp -d)/perf.data
perf record -q -F 49 -e cpu-clock -g -o "$data" -- "$bundle" --testing-library swift-testing \
  --skip 'SoakTests|ProxyLoadTests' "$@" > "${data%.data}.log" 2>&1 || echo "pool-hogs: the run failed; its output: ${data%.data}.log" >&2
python3 scripts/lib/pool-hogs.py "$data" 49
