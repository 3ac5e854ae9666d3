"""overlap.py BINARY N: issue 51, finding 3. `BINARY record` with the default key; N clients from
127.0.0.1 connected at once, each sends one message and closes; prints how many tapes, and how
many hold more than one client's message. Needs `make pydeps`."""
import os, socket, subprocess, sys, time, glob

binary, n = sys.argv[1], int(sys.argv[2])
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
venv = os.path.join(root, ".venv/bin/python")
up = subprocess.Popen([venv, os.path.join(root, "Tool/Tests/TapedeckProxyTests/Peers/echo_server.py")], stdout=subprocess.PIPE, text=True)
uport = int(up.stdout.readline().split()[1])
out = f"/tmp/tapedeck-overlap-{os.getpid()}"
os.makedirs(out, exist_ok=True)
rec = subprocess.Popen([binary, "record", "--listen", "127.0.0.1:0", "--upstream", f"ws://127.0.0.1:{uport}",
                        "--out", out, "--no-catalog"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
port = int(rec.stdout.readline().split()[2].split(":")[-1].split("/")[0])
REQ = ("GET /game HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
       "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
socks = []
for i in range(n):
    s = socket.create_connection(("127.0.0.1", port), timeout=60)
    s.sendall(REQ.encode())
    data = b""
    while b"\r\n\r\n" not in data:
        data += s.recv(4096)
    socks.append(s)
def frame(opcode, payload):
    mask = [1, 2, 3, 4]
    return bytes([0x80 | opcode, 0x80 | len(payload)] + mask) + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
for i, s in enumerate(socks):
    s.sendall(frame(1, f"client-{i}".encode()))
for s in socks:
    s.recv(100)
for s in socks:
    s.sendall(frame(8, b"\x03\xe8"))
time.sleep(2)
for s in socks: s.close()
rec.terminate(); rec.wait(timeout=120)
up.terminate()
tapes = glob.glob(out + "/*.tape")
merged = 0
for t in tapes:
    text = subprocess.run([binary, "cat", t], capture_output=True, text=True).stdout
    if len({w for w in text.split() if w.startswith("client-")}) > 1: merged += 1
subprocess.run(["rm", "-rf", out])
print(f"{binary}: {n} concurrent clients from 127.0.0.1 -> {len(tapes)} tapes, {merged} holding several clients")
