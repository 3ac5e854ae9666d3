#!/usr/bin/env bash
# `make bench-compare BASE=REV`: this tree's release build against REV's, in one run, one table
# (docs/PERFORMANCE.md, "Comparing with a base revision"). REV is checked out in its own git work
# tree under .build-compare/ and built there with its own scratch path (the shared .build is not
# touched; a second run reuses both). Then, alternating between the two builds ROUNDS times:
#  - decode: `bench decode --synthetic` (`dev bench decode` in builds between issues 24 and 35), stages
#    decode_in_memory and replay, msg/s, best of the rounds; and decode_in_memory per CPU
#    second (getrusage of 11 passes minus 1 pass), which the machine's load moves less;
#  - recorder: `dev bench recorder`, ns/msg of the caller and of the redacting writer (n/a for a
#    build without it);
#  - proxy: scripts/bench-proxy.sh with both builds side by side, CPU µs per 400 B and 16 KiB
#    message and the ratio to the plain socat relay (best of the rounds), RTT added (median).
#  - proxy instructions: scripts/bench-proxy-instructions.sh (callgrind, the same to the
#    instruction at any load) in both trees, when REV has tapedeck-proxy-profile or a patch in
#    Tool/Benchmarks/Baselines/REV-proxy-profile.patch ports it there (applied in a second work tree,
#    .build-compare/REV/profile-src); n/a otherwise.
# A benchmark a build does not have prints n/a; the others still run. Each row also gives how far
# one build's own rounds spread in the run; a head / base inside it is reported as level.
#
# Usage: scripts/bench-compare.sh BASE_REV [HEAD_BINARY]
# Environment: ROUNDS (3), DECODE_MESSAGES (200000), RECORDER_MESSAGES (200000), INSTRUCTIONS
#   (1; 0 skips the callgrind counts), and bench-proxy.sh's SMALL_COUNT, LARGE_COUNT, ROUNDS_RTT
#   (its ROUNDS).
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=${1:?usage: scripts/bench-compare.sh BASE_REV [HEAD_BINARY]}
HEAD_BIN=${2:-Tool/.build/release/tapedeck}
ROUNDS=${ROUNDS:-3}
DECODE_MESSAGES=${DECODE_MESSAGES:-200000}
RECORDER_MESSAGES=${RECORDER_MESSAGES:-200000}
for number in "$ROUNDS" "$DECODE_MESSAGES" "$RECORDER_MESSAGES"; do
  case $number in '' | *[!0-9]* | 0) echo "bench-compare: ROUNDS, DECODE_MESSAGES and RECORDER_MESSAGES must be positive whole numbers (got '$number')" >&2; exit 2 ;; esac
done
[ -x "$HEAD_BIN" ] || { echo "bench-compare: $HEAD_BIN is not built; run make release" >&2; exit 2; }
COMMIT=$(git rev-parse --verify --quiet "$BASE^{commit}") \
  || { echo "bench-compare: '$BASE' is not a commit of this repository (try a hash from git log)" >&2; exit 2; }
SHORT=$(git rev-parse --short "$COMMIT")
HEAD_NAME="this tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources Package.swift || echo '+changes'))"

# The base: its own work tree and scratch path, kept for the next run.
DIR=.build-compare/$SHORT
if [ ! -e "$DIR/src/.git" ]; then
  mkdir -p .build-compare
  git worktree prune
  git worktree add --detach "$DIR/src" "$COMMIT" >/dev/null
fi
echo "bench-compare: building $SHORT's release in $DIR (its own scratch path; minutes the first time)"
# Since the runtime and tool packages split, the command line is built from Tool/.
BASE_PACKAGE=$DIR/src
[ ! -f "$DIR/src/Tool/Package.swift" ] || BASE_PACKAGE=$DIR/src/Tool
swift build -c release --product tapedeck --package-path "$BASE_PACKAGE" --scratch-path "$PWD/$DIR/build" > "$DIR/build.log" 2>&1 \
  || { tail -n 30 "$DIR/build.log" >&2; echo "bench-compare: $SHORT does not build (log: $DIR/build.log)" >&2; exit 1; }
BASE_BIN=$DIR/build/release/tapedeck
[ -x "$BASE_BIN" ] || { echo "bench-compare: the build of $SHORT made no $BASE_BIN" >&2; exit 1; }

OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# `bench` sits under `dev` since the CLI grouped its developer commands; older builds have it on
# top. An unknown subcommand's --help prints the top-level help and succeeds: look for its usage line.
bench_words() { # BINARY SUBCOMMAND: prints "dev bench" or "bench"; fails when the build has neither
  if "$1" dev bench "$2" --help 2>&1 | grep "USAGE: tapedeck dev bench $2" >/dev/null; then echo "dev bench"
  elif "$1" bench "$2" --help 2>&1 | grep "USAGE: tapedeck bench $2" >/dev/null; then echo "bench"
  else return 3; fi
}

bench() { # BINARY SUBCOMMAND ARGS...: runs the build's bench SUBCOMMAND; status 3 when it has none
  local binary=$1 sub=$2 words
  shift 2
  words=$(bench_words "$binary" "$sub") || return 3
  # shellcheck disable=SC2086 # "dev bench" is two words
  "$binary" $words "$sub" "$@"
}

run_decode() { # NAME BINARY
  local status=0
  bench "$2" decode --synthetic "$DECODE_MESSAGES" --synthetic-tapes 1 --repeats 1 \
    --stages decode_in_memory,replay --json > "$OUT/decode.txt" || status=$?
  if [ $status = 3 ]; then return; fi
  [ $status = 0 ] || { echo "bench-compare: $1's decode benchmark failed:" >&2; cat "$OUT/decode.txt" >&2; exit 1; }
  sed "s/^{/{\"build\":\"$1\",/" "$OUT/decode.txt" >> "$OUT/decode.jsonl"
}

# CPU seconds (user+sys, getrusage of the child) of a command, its output discarded.
cpu_seconds() {
  python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(usage.ru_utime + usage.ru_stime)' "$@"
}

# decode_in_memory per CPU second, which other processes' load moves far less than wall time:
# the CPU time of 11 passes minus that of 1 (writing and loading the tape cancel out), over 10.
run_decode_cpu() { # NAME BINARY
  local words one eleven
  words=$(bench_words "$2" decode) || return 0
  local args=(decode --synthetic "$DECODE_MESSAGES" --synthetic-tapes 1 --stages decode_in_memory --repeats)
  # shellcheck disable=SC2086
  one=$(cpu_seconds "$2" $words "${args[@]}" 1)
  # shellcheck disable=SC2086
  eleven=$(cpu_seconds "$2" $words "${args[@]}" 11)
  echo "$1 $one $eleven" >> "$OUT/decode-cpu.txt"
}

run_recorder() { # NAME BINARY
  local status=0
  bench "$2" recorder --messages "$RECORDER_MESSAGES" --repeats 1 > "$OUT/recorder.txt" || status=$?
  if [ $status = 3 ]; then return; fi
  [ $status = 0 ] || { echo "bench-compare: $1's recorder benchmark failed:" >&2; cat "$OUT/recorder.txt" >&2; exit 1; }
  awk -v build="$1" '$2 ~ /^[0-9.]+$/ && $3 == "ns/msg" { print build, $1, $2 }' "$OUT/recorder.txt" >> "$OUT/recorder.txt.all"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "$ROUNDS"); do
  # Which build goes first alternates: the second of a pair ran measurably slower on this VM
  # (decode_in_memory head / base 1.004 with base first, 0.948 with head first, 16 rounds).
  if [ $((round % 2)) = 1 ]; then order="base head"; else order="head base"; fi
  for build in $order; do
    if [ $build = base ]; then binary=$BASE_BIN; else binary=$HEAD_BIN; fi
    run_decode $build "$binary"
    run_decode_cpu $build "$binary"
    run_recorder $build "$binary"
  done
  echo "  decode and recorder round $round of $ROUNDS done (load average $(cut -d' ' -f1 /proc/loadavg))"
done
touch "$OUT/recorder.txt.all" "$OUT/decode.jsonl" "$OUT/decode-cpu.txt"

echo "bench-compare: the proxy, both builds side by side with the socat floor ($ROUNDS runs)"
REPEATS=$ROUNDS ROUNDS=${ROUNDS_RTT:-5000} BENCH_PROXY_JSON="$OUT/proxy.json" \
  scripts/bench-proxy.sh "base=$BASE_BIN" "head=$HEAD_BIN" > "$OUT/proxy.txt" \
  || { cat "$OUT/proxy.txt" >&2; echo "bench-compare: the proxy benchmark failed" >&2; exit 1; }
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"

# The proxy's instructions per message in both trees: the figure this VM repeats.
PATCH=Tool/Benchmarks/Baselines/$SHORT-proxy-profile.patch
PROFILE_TREE=
if [ "${INSTRUCTIONS:-1}" != 0 ]; then
  if [ -d "$DIR/src/Sources/tapedeck-proxy-profile" ] || [ -d "$DIR/src/Tool/Sources/tapedeck-proxy-profile" ]; then
    PROFILE_TREE=$DIR/src
  elif [ -f "$PATCH" ]; then
    PROFILE_TREE=$DIR/profile-src
    if [ ! -e "$PROFILE_TREE/.git" ]; then
      git worktree add --detach "$PROFILE_TREE" "$COMMIT" >/dev/null
      git -C "$PROFILE_TREE" apply "$PWD/$PATCH"
    fi
  fi
fi
if [ -n "$PROFILE_TREE" ]; then
  echo "bench-compare: the proxy's instructions per message (callgrind), $SHORT then this tree"
  (cd "$PROFILE_TREE" && BENCH_PROXY_INSTRUCTIONS_JSON="$OUT/instructions-base.json" scripts/bench-proxy-instructions.sh) > "$OUT/instructions.txt" 2>&1 \
    || { cat "$OUT/instructions.txt" >&2; echo "bench-compare: counting $SHORT's proxy instructions failed" >&2; exit 1; }
  BENCH_PROXY_INSTRUCTIONS_JSON="$OUT/instructions-head.json" scripts/bench-proxy-instructions.sh > "$OUT/instructions.txt" 2>&1 \
    || { cat "$OUT/instructions.txt" >&2; echo "bench-compare: counting this tree's proxy instructions failed" >&2; exit 1; }
fi

python3 - "$OUT" "$SHORT" "$HEAD_NAME" "$ROUNDS" "$DECODE_MESSAGES" <<'PY'
import json, sys
out, base_name, head_name, rounds, messages = sys.argv[1:6]
# (figure, base, head, higher_is_better, decimals, noise): noise is how far the same build's own
# rounds spread (the larger of the two builds', max / min - 1); a difference inside it is "level".
rows = []
def spread(values):
    # One round shows no spread: n/a, not 0 %.
    return max(values) / min(values) - 1 if len(values) > 1 and min(values) > 0 else None
def noise(base_values, head_values):
    spreads = [x for x in (spread(base_values), spread(head_values)) if x is not None]
    return max(spreads) if spreads else None
def best_row(name, values, higher_better, decimals):
    pick = max if higher_better else min
    best = {build: pick(values[build]) if values[build] else None for build in ("base", "head")}
    rows.append((name, best["base"], best["head"], higher_better, decimals, noise(values["base"], values["head"])))
decode = [json.loads(line) for line in open(f"{out}/decode.jsonl")]
for stage in ("decode_in_memory", "replay"):
    rates = {build: [r["messages_per_s"] for r in decode if r["build"] == build and r.get("stage") == stage] for build in ("base", "head")}
    best_row(f"{stage}, msg/s (best)", rates, True, 0)
cpu_rates = {"base": [], "head": []}
for line in open(f"{out}/decode-cpu.txt"):
    build, one, eleven = line.split()
    if float(eleven) > float(one):
        cpu_rates[build].append(10 * int(messages) / (float(eleven) - float(one)))
best_row("decode_in_memory, msg per CPU second (best)", cpu_rates, True, 0)
rows.insert(1, rows.pop())
recorder = {}
for line in open(f"{out}/recorder.txt.all"):
    build, stage, value = line.split()
    recorder.setdefault((build, stage), []).append(float(value))
for stage in ("caller", "writer_swift_redacting"):
    best_row(f"recorder {stage}, ns/msg (best)", {build: recorder.get((build, stage), []) for build in ("base", "head")}, False, 1)
proxy = json.load(open(f"{out}/proxy.json"))["legs"]
floor = proxy["socat"]
for size, label in ((400, "400 B"), (16384, "16 KiB")):
    best_row(f"proxy CPU per {label} message, µs (best)", {build: proxy[build][f"cpu_us_{size}_runs"] for build in ("base", "head")}, False, 2)
    rows.append((f"  ratio to socat ({floor[f'cpu_us_{size}_best']:.2f} µs), median", proxy["base"][f"ratio_{size}"],
                 proxy["head"][f"ratio_{size}"], False, 2, None))
# Instruction counts repeat to a few hundredths of a percent: no spread, the verdict stands as is.
try:
    counts = {build: json.load(open(f"{out}/instructions-{build}.json")) for build in ("base", "head")}
except FileNotFoundError:
    counts = {"base": {}, "head": {}}
for stage, label in (("server400", "400 B from the server"), ("server16k", "16 KiB from the server"), ("app400", "400 B from the app")):
    rows.append((f"proxy instructions per {label} (callgrind)", counts["base"].get(stage), counts["head"].get(stage), False, 1, None))
# Added round-trip times are differences that may be near 0 or below: compared by difference, not ratio.
rows.append(("proxy RTT added p50, µs (median)", proxy["base"]["p50_added_us"], proxy["head"]["p50_added_us"], None, 1, None))
rows.append(("proxy RTT added p99, µs (median)", proxy["base"]["p99_added_us"], proxy["head"]["p99_added_us"], None, 1, None))

def cell(value, decimals):
    return "n/a" if value is None else f"{value:,.{decimals}f}"
print(f"\nbase {base_name} against {head_name}, release builds, {rounds} rounds alternating\n")
print(f"| figure | base {base_name} | {head_name} | head / base | verdict | one build's own spread |")
print("|---|---:|---:|---:|---|---:|")
for name, base, head, higher_better, decimals, spread_of_runs in rows:
    band = "" if spread_of_runs is None else f"±{100 * spread_of_runs:.0f} %"
    if base is None or head is None or base == 0:
        ratio, verdict = "n/a", ""
    elif higher_better is None:
        ratio, verdict = f"{head - base:+.1f} µs", ("at or better than base" if head <= base else "worse than base")
    else:
        ratio = f"{head / base:.3f}"
        better = head >= base if higher_better else head <= base
        if spread_of_runs is not None and abs(head / base - 1) <= spread_of_runs:
            verdict = "level: " + ("ahead" if better else "behind") + " by less than the builds' own spread"
        else:
            verdict = "at or better than base" if better else "worse than base"
    print(f"| {name} | {cell(base, decimals)} | {cell(head, decimals)} | {ratio} | {verdict} | {band} |")
PY
