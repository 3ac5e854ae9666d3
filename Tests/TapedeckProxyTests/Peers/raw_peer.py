"""Raw WebSocket peers that break the protocol, for the malformed-frame tests.

  raw_peer.py client URL MODE   connects, upgrades by hand, sends one bad frame, prints
                                "close CODE" (the close frame it got back) or "closed" (none)
  raw_peer.py server MODE       prints "port N"; upgrades by hand, waits for one message, then
                                sends one bad frame and reads until the connection ends

MODE: opcode (reserved opcode 3), unmasked (client only: an unmasked frame), masked (server
only: a masked frame), big (a 70,000-byte message, over a --max-message of 65536).
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
    parsed = urlparse(url)
    sock = socket.create_connection((parsed.hostname, parsed.port), timeout=20)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall((f"GET {parsed.path or '/'} HTTP/1.1\r\nHost: {parsed.netloc}\r\nUpgrade: websocket\r\n"
                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
    head = read_head(sock)
    if " 101 " not in head.split("\r\n")[0]:
        raise SystemExit(f"no upgrade: {head}")
    sock.sendall(bad_frame(mode, True))
    try:
        while True:
            opcode, payload = read_frame(sock)
            if opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                print(f"close {code} {payload[2:].decode(errors='replace')}", flush=True)
                return
    except (EOFError, ConnectionError, socket.timeout):
        print("closed", flush=True)


def server(mode):
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
    read_frame(sock)
    sock.sendall(bad_frame(mode, False))
    try:
        while True:
            opcode, payload = read_frame(sock)
            if opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                print(f"close {code}", flush=True)
                return
    except (EOFError, ConnectionError, socket.timeout):
        print("closed", flush=True)


if sys.argv[1] == "client":
    client(sys.argv[2], sys.argv[3])
else:
    server(sys.argv[2])
