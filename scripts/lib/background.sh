# Long-running tapedeck commands for the scripts (sourced, not run). `start LOG ARGS...` runs
# `$bin ARGS...` in the background, not in a subshell, so its pid reaches `stop_all`, and waits
# up to 30 s for the first line it writes: the address it bound. `stop_all` stops every process
# started so far and waits for them. Set `bin` (the tapedeck binary) and `name` (the prefix of
# error messages) before sourcing.

pids=()

stop_all() {
  local pid
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}

start() {
  local log=$1; shift
  "$bin" "$@" >"$log" 2>"$log.err" &
  pids+=("$!")
  local pid=$! waited=0
  until [ -s "$log" ]; do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "$name: '$bin $*' exited early:" >&2; cat "$log.err" >&2; exit 1
    fi
    sleep 0.1; waited=$((waited + 1))
    [ "$waited" -lt 300 ] || { echo "$name: '$bin $*' did not start in 30 s" >&2; exit 1; }
  done
}
