#!/bin/bash
# serve-startup.sh BINARY CONNECTIONS [--verify]: issue 51, finding 7. Writes a tape of CONNECTIONS
# connections (an open, a client message, its answer each) with BINARY import, then prints the
# seconds from launching `BINARY serve` to its first line ("serving ...").
set -e
B=$1; N=$2; shift 2
dir=$(mktemp -d /tmp/tapedeck-serve-startup-XXXXXX)
trap 'rm -rf "$dir"' EXIT
python3 - "$N" > "$dir/t.jsonl" <<'PY'
import json, sys
n = int(sys.argv[1])
print(json.dumps({"header": {"created": "2026-01-01T00:00:00.000Z", "tool": "gen", "labels": {}, "requestHeaders": [], "responseHeaders": []}}))
seq = t = 0
for c in range(n):
    for d, k, text in (("c2s", "open", None), ("c2s", "text", '{"type":"getPlayer","message":{}}'), ("s2c", "text", '{"type":"u","message":{"n":%d}}' % c)):
        t += 1000
        r = {"seq": seq, "t": t, "conn": c, "dir": d, "kind": k}
        if text: r["text"] = text
        print(json.dumps(r)); seq += 1
PY
"$B" import "$dir/t.jsonl" -o "$dir/t.tape" > /dev/null
start=$(date +%s.%N)
"$B" serve "$dir/t.tape" --listen 127.0.0.1:0 "$@" > "$dir/out.txt" 2>/dev/null &
pid=$!
while ! grep -q serving "$dir/out.txt" 2>/dev/null; do sleep 0.01; done
end=$(date +%s.%N)
kill -9 $pid; wait $pid 2>/dev/null || true
echo "$N connections $*: $(echo "$end - $start" | bc) s"
