"""Many short WebSocket sessions against one server, for the soak tests and `make bench-soak`.

  soak_client.py URL PID MODE COUNT [CHECKPOINT ...]

Each session connects, sends a createCharacter message, reads 5 messages and closes with 1000.
MODE sequential runs COUNT sessions one after the other; MODE concurrent runs them in waves of
CONCURRENT (the environment variable, default 2,000) open at the same time: every session of a
wave is connected before any sends, so that many sockets are open at once.

After each CHECKPOINT sessions (and after COUNT) it prints "rss SESSIONS KB" with the resident
memory (VmRSS) of process PID, the server under test, read once it has no connection left open
beyond what it had before the run, and 2 s later (so freed memory has been returned). Prints "done SESSIONS
FAILED" at the end; a session that fails is printed as "failed N: REASON" (at most 20 of them).

Forward mode (issue 34): with SOAK_PROXY=http://HOST:PORT every session goes through that HTTP
proxy (CONNECT), trusting only the CA in SOAK_CA for wss://; a "{host}" in URL becomes the
session's own name, 127.1.X.Y, one of SOAK_NAMES (default 2,000) loopback addresses.
"""
import asyncio
import json
import os
import ssl
import sys
import time

import websockets

CREATE = json.dumps({"type": "createCharacter",
                     "message": {"name": "Grace", "lastName": "Hopper", "sex": "female",
                                 "interests": ["coding", "music"]}})
READS = 5
PROXY = os.environ.get("SOAK_PROXY")
CA = os.environ.get("SOAK_CA")
NAMES = int(os.environ.get("SOAK_NAMES", "2000"))
TRUST = ssl.create_default_context(cafile=CA) if CA else None


def session_url(url, number):
    """URL with "{host}" replaced by session NUMBER's name: 127.1.X.Y, NAMES of them in turn."""
    index = number % NAMES
    return url.replace("{host}", f"127.1.{index // 250}.{1 + index % 250}")


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


def open_sockets(pid):
    """How many sockets process PID holds open."""
    count = 0
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            if os.readlink(f"/proc/{pid}/fd/{name}").startswith("socket:"):
                count += 1
        except OSError:
            pass
    return count


class Soak:
    def __init__(self, url, pid):
        self.url, self.pid = url, pid
        self.failed = 0
        self.ready = 0
        self.baseline_sockets = open_sockets(pid)

    def fail(self, number, error):
        self.failed += 1
        if self.failed <= 20:
            print(f"failed {number}: {type(error).__name__}: {error}", flush=True)

    async def session(self, number, start=None):
        try:
            forward = ({"proxy": PROXY} | ({"ssl": TRUST} if TRUST else {})) if PROXY else {}
            async with websockets.connect(session_url(self.url, number), open_timeout=60, close_timeout=30,
                                          compression=None, ping_interval=None, **forward) as ws:
                if start is not None:
                    self.ready += 1
                    await start.wait()
                await ws.send(CREATE)
                for _ in range(READS):
                    await asyncio.wait_for(ws.recv(), 60)
                await ws.close(1000)
        except Exception as error:  # noqa: BLE001 - every failure is counted and shown
            self.fail(number, error)
            if start is not None and not start.is_set():
                self.ready += 1

    async def report(self, done):
        # Wait (at most 30 s) until the server has closed what the sessions opened, so the
        # reading is of a quiet process, not one still tearing connections down.
        deadline = time.monotonic() + 30
        while open_sockets(self.pid) > self.baseline_sockets and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        # A listener gives freed memory back to the system a second after its last connection
        # closed (IdleMemoryTrim): read after that.
        await asyncio.sleep(2)
        print(f"rss {done} {rss_kb(self.pid)}", flush=True)


async def main():
    url, pid, mode, count = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    checkpoints = sorted({int(value) for value in sys.argv[5:] if 0 < int(value) < count} | {count})
    wave = int(os.environ.get("CONCURRENT", "2000"))
    soak = Soak(url, pid)
    done = 0
    for checkpoint in checkpoints:
        while done < checkpoint:
            if mode == "sequential":
                await soak.session(done)
                done += 1
            elif mode == "concurrent":
                size = min(wave, checkpoint - done)
                start = asyncio.Event()
                soak.ready = 0
                sessions = [asyncio.create_task(soak.session(done + index, start)) for index in range(size)]
                # Everyone connected (or failed) before anyone sends.
                while soak.ready < size:
                    await asyncio.sleep(0.05)
                start.set()
                await asyncio.gather(*sessions)
                done += size
            else:
                raise SystemExit(f"unknown mode {mode}: sequential or concurrent")
        await soak.report(done)
    print(f"done {done} {soak.failed}", flush=True)


asyncio.run(main())
