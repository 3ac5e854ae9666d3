"""Raw WebSocket peers, frame by frame, for what a library would hide: broken frames, pings
and pongs answered by hand, resets and unanswered closes.

  raw_peer.py client URL MODE   connects, upgrades by hand, sends one bad frame, prints
                                "close CODE" (the close frame it got back) or "closed" (none)
  raw_peer.py server MODE       prints "port N"; upgrades by hand, waits for one message, then
                                sends one bad frame and reads until the connection ends

MODE: opcode (reserved opcode 3), unmasked (client only: an unmasked frame), masked (server
only: a masked frame), big (a 70,000-byte message, over a --max-message of 65536).

Modes that follow the protocol:
  client URL ping    pings "client-ping", then prints every frame it gets ("pong PAYLOAD",
                     "ping PAYLOAD", "text PAYLOAD") until the text "server done"; answers a
                     ping with the pong "client saw PAYLOAD" (never the payload itself); then
                     closes with 1000 and prints "close CODE" for the answer
  client URL reset   sends "before reset", waits for its echo, then resets the connection
                     (SO_LINGER 0); prints "reset"
  server ping        pings "server-ping"; answers a ping with the pong "server saw PAYLOAD"
                     followed by the text "server done"; prints every frame it gets like the
                     client; answers the close and prints "close CODE"
  server noclose     echoes text messages and never answers a close frame; prints "close CODE"
                     for the close it got and "eof" when the connection ends
  server reset       waits for one message, then resets the connection; prints "reset"
"""
import base64
import hashlib
import os
import socket
import struct
import sys
from urllib.parse import urlparse

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def frame(opcode, payload, mask, fin=True):
    head = bytes([(0x80 if fin else 0) | opcode])
    length = len(payload)
    bit = 0x80 if mask else 0
    if length < 126:
        head += bytes([bit | length])
    elif length < 65536:
        head += bytes([bit | 126]) + struct.pack("!H", length)
    else:
        head += bytes([bit | 127]) + struct.pack("!Q", length)
    if mask:
        key = os.urandom(4)
        return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))
    return head + payload


def read_exact(sock, count):
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def read_frame(sock):
    first, second = read_exact(sock, 2)
    length = second & 0x7F
    if length == 126:
        length = struct.unpack("!H", read_exact(sock, 2))[0]
    elif length == 127:
        length = struct.unpack("!Q", read_exact(sock, 8))[0]
    key = read_exact(sock, 4) if second & 0x80 else None
    payload = read_exact(sock, length)
    if key:
        payload = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
    return first & 0x0F, payload


def read_head(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(1)
        if not chunk:
            raise EOFError
        data += chunk
    return data.decode()


def bad_frame(mode, from_client):
    if mode == "opcode":
        return frame(0x3, b"bad", mask=from_client)
    if mode == "unmasked":
        return frame(0x1, b"not masked", mask=False)
    if mode == "masked":
        return frame(0x1, b"masked by a server", mask=True)
    if mode == "big":
        return frame(0x2, b"\x00" * 70000, mask=from_client)
    raise SystemExit(f"unknown mode {mode}")


def client(url, mode):
    sock = client_handshake(url)
    sock.sendall(bad_frame(mode, True))
    await_close(sock, with_reason=True)


def server(mode):
    sock = server_handshake()
    read_frame(sock)
    sock.sendall(bad_frame(mode, False))
    await_close(sock, with_reason=False)


def await_close(sock, with_reason):
    """Reads frames until the peer's close ("close CODE [REASON]") or the connection's end ("closed")."""
    try:
        while True:
            opcode, payload = read_frame(sock)
            if opcode == 0x8:
                reason = f" {payload[2:].decode(errors='replace')}" if with_reason else ""
                print(f"close {close_code(payload)}{reason}", flush=True)
                return
    except (EOFError, ConnectionError, socket.timeout):
        print("closed", flush=True)


def client_handshake(url):
    parsed = urlparse(url)
    sock = socket.create_connection((parsed.hostname, parsed.port), timeout=20)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {parsed.path or '/'} HTTP/1.1\r\nHost: {parsed.netloc}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = read_head(sock)
    if " 101 " not in head.split("\r\n")[0]:
        raise SystemExit(f"no upgrade: {head}")
    return sock


def server_handshake():
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    print(f"port {listener.getsockname()[1]}", flush=True)
    sock, _ = listener.accept()
    sock.settimeout(20)
    head = read_head(sock)
    key = [line.split(":", 1)[1].strip() for line in head.split("\r\n") if line.lower().startswith("sec-websocket-key:")][0]
    accept = base64.b64encode(hashlib.sha1(key.encode() + GUID).digest()).decode()
    sock.sendall(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Accept: {accept}\r\n\r\n").encode())
    return sock


NAMES = {0x1: "text", 0x2: "binary", 0x9: "ping", 0xA: "pong"}


def close_code(payload):
    return struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None


def reset(sock):
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()
    print("reset", flush=True)


def ping_peer(sock, is_client):
    """Pings, answers pings by hand with a different payload, prints what it gets."""
    me, other = ("client", "server") if is_client else ("server", "client")
    sock.sendall(frame(0x9, f"{me}-ping".encode(), mask=is_client))
    while True:
        opcode, payload = read_frame(sock)
        if opcode == 0x8:
            print(f"close {close_code(payload)}", flush=True)
            if not is_client:
                sock.sendall(frame(0x8, payload[:2], mask=False))
            return
        print(f"{NAMES.get(opcode, opcode)} {payload.decode(errors='replace')}", flush=True)
        if opcode == 0x9:
            sock.sendall(frame(0xA, f"{me} saw ".encode() + payload, mask=is_client))
            if not is_client:
                sock.sendall(frame(0x1, b"server done", mask=False))
        if is_client and opcode == 0x1 and payload == b"server done":
            sock.sendall(frame(0x8, struct.pack("!H", 1000), mask=True))


def main():
    role, rest = sys.argv[1], sys.argv[2:]
    if role == "client" and rest[1] in ("ping", "reset"):
        sock = client_handshake(rest[0])
        if rest[1] == "ping":
            ping_peer(sock, is_client=True)
        else:
            sock.sendall(frame(0x1, b"before reset", mask=True))
            print(f"echo {read_frame(sock)[1].decode()}", flush=True)
            reset(sock)
    elif role == "server" and rest[0] in ("ping", "noclose", "reset"):
        sock = server_handshake()
        if rest[0] == "ping":
            ping_peer(sock, is_client=False)
        elif rest[0] == "reset":
            read_frame(sock)
            reset(sock)
        else:
            sock.settimeout(60)
            try:
                while True:
                    opcode, payload = read_frame(sock)
                    if opcode == 0x1:
                        sock.sendall(frame(0x1, payload, mask=False))
                    elif opcode == 0x8:
                        print(f"close {close_code(payload)}", flush=True)
            except (EOFError, ConnectionError):
                print("eof", flush=True)
    elif role == "client":
        client(rest[0], rest[1])
    else:
        server(rest[0])


main()
