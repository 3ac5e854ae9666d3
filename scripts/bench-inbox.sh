#!/usr/bin/env bash
# `make bench-inbox`: the inbox's uploads per second into one collector and triage per second with
# one and two workers, with rows in SQLite and in PostgreSQL side by side (docs/PERFORMANCE.md,
# "Inbox"). PostgreSQL is Debian's, on a throwaway data folder and a free port, as the tests start
# it (as the postgres user when run as root: PostgreSQL refuses root). Usage: bench-inbox.sh TAPEDECK
set -euo pipefail
tapedeck=${1:?usage: bench-inbox.sh path/to/tapedeck}
reports=${REPORTS:-1000}
scratch=$(mktemp -d /tmp/tapedeck-bench-inbox-XXXXXX)
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || bin=$(dirname "$(command -v initdb)")
as_postgres=()
if [ "$(id -u)" = 0 ]; then
  chown postgres:postgres "$scratch"
  as_postgres=(setpriv --reuid=postgres --regid=postgres --init-groups)
fi
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cleanup() {
  "${as_postgres[@]}" "$bin/pg_ctl" -D "$scratch/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$scratch"
}
trap cleanup EXIT
"${as_postgres[@]}" "$bin/initdb" -D "$scratch/data" -U tapedeck --auth=trust -E UTF8 --locale=C >/dev/null
"${as_postgres[@]}" "$bin/pg_ctl" -D "$scratch/data" -l "$scratch/postgres.log" -w \
  -o "-p $port -k $scratch -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
"$bin/psql" -h 127.0.0.1 -p "$port" -U tapedeck -d postgres -qc "CREATE DATABASE bench"

echo "== rows in SQLite"
"$tapedeck" dev bench inbox --store "$scratch/sqlite" --reports "$reports" 2>/dev/null
echo "== rows in PostgreSQL"
"$tapedeck" dev bench inbox --store "$scratch/pg" --postgres "postgres://tapedeck@127.0.0.1:$port/bench" --reports "$reports" 2>/dev/null
