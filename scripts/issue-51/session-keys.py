"""session-keys.py BINARY KEYS [NOFILE]: issue 51, finding 1. `BINARY record --session-key query:dev
--session-gap 3600` (under `prlimit --nofile=NOFILE` when given) against the Python echo upstream
of the proxy tests; KEYS distinct keys, one upgrade-and-drop each from 16 threads. Prints the
proxy's descriptors and resident MB before, at peak and after, and whether a new client is served
at three quarters and after the flood. Run from anywhere; needs `make pydeps`."""
import os, socket, subprocess, sys, threading, time, base64

binary, keys = sys.argv[1], int(sys.argv[2])
nofile = sys.argv[3] if len(sys.argv) > 3 else None
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
venv = os.path.join(root, ".venv/bin/python")
up = subprocess.Popen([venv, os.path.join(root, "Tool/Tests/TapedeckProxyTests/Peers/echo_server.py")], stdout=subprocess.PIPE, text=True)
uport = int(up.stdout.readline().split()[1])
out = f"/tmp/tapedeck-session-keys-{os.getpid()}"
os.makedirs(out, exist_ok=True)
limit = ["prlimit", f"--nofile={nofile}:{nofile}"] if nofile else []
rec = subprocess.Popen(limit + [binary, "record", "--listen", "127.0.0.1:0", "--upstream", f"ws://127.0.0.1:{uport}",
                        "--out", out, "--no-catalog", "--threads", "2", "--session-key", "query:dev", "--session-gap", "3600"],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
line = rec.stdout.readline()
port = int(line.split()[2].split(":")[-1].split("/")[0])

def figures():
    try:
        fds = len(os.listdir(f"/proc/{rec.pid}/fd"))
        rss = [l for l in open(f"/proc/{rec.pid}/status") if l.startswith("VmRSS")][0].split()[1]
        return fds, int(rss) // 1024
    except Exception as e:
        return None

REQ = ("GET /game?dev={} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
       "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")

def upgrade(key, timeout=60):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.sendall(REQ.format(key).encode())
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(4096)
        if not chunk: break
        data += chunk
    return s, data

before = figures()
peak = [0, 0]
done = [0]; ok = [0]; lock = threading.Lock()
def worker(w):
    for i in range(w, keys, 16):
        try:
            s, data = upgrade(f"key-{i}", timeout=5)
            s.close()
            good = data.startswith(b"HTTP/1.1 101")
        except Exception:
            good = False
        with lock:
            done[0] += 1; ok[0] += good
threads = [threading.Thread(target=worker, args=(w,)) for w in range(16)]
start = time.time()
for t in threads: t.start()
fresh = None
while any(t.is_alive() for t in threads):
    f = figures()
    if f: peak[0] = max(peak[0], f[0]); peak[1] = max(peak[1], f[1])
    if fresh is None and done[0] >= keys * 3 // 4:
        t0 = time.time()
        try:
            s, data = upgrade("fresh", timeout=15)
            frame = bytes([0x81, 0x85, 1, 2, 3, 4]) + bytes(b ^ [1, 2, 3, 4][i % 4] for i, b in enumerate(b"hello"))
            s.sendall(frame)
            reply = s.recv(100)
            s.close()
            status = data.split(b"\r\n")[0].decode()
            fresh = f"{time.time() - t0:.3f} s, {status}, echo {reply[2:]!r}"
        except Exception as e:
            fresh = f"failed after {time.time() - t0:.1f} s: {e}"
    time.sleep(0.05)
flood = time.time() - start
time.sleep(2)
# Every session waits for its gap: is a new client served now?
t0 = time.time()
try:
    s, data = upgrade("late", timeout=15)
    late = f"{time.time() - t0:.3f} s, " + (data.split(b"\r\n")[0].decode() or "connection closed without an answer")
    s.close()
except Exception as e:
    late = f"failed after {time.time() - t0:.1f} s: {e}"
after = figures()
exited = rec.poll()
rec.terminate(); rec.wait(timeout=120)
up.terminate()
subprocess.run(["rm", "-rf", out])
print(f"{binary}: {keys} keys in {flood:.1f} s, {ok[0]} upgraded; "
      f"fds/MB before {before}, peak {tuple(peak)}, after {after} (exit status {exited}); nofile {nofile}; new client at 3/4: {fresh}; new client after: {late}")
