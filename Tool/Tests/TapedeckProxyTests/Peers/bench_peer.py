"""Benchmark peers for the recording proxy (scripts/bench-proxy.sh).

  bench_peer.py server                 echo server; prints "port N"; "push N SIZE [text|binary]"
                                       asks it to send N messages of SIZE bytes and then "done"
  bench_peer.py client URL ROUNDS N SIZE [deflate|none] [text|binary] [RELAY_PID]
      latency: ROUNDS ping-pong round trips of a 64-byte text message (after 500 warm-up rounds),
      throughput: the server pushes N messages of SIZE bytes; prints one JSON line with
      p50/p99 round trip (µs), push throughput (messages/s) and the extensions negotiated.
      With RELAY_PID (the proxy, or socat for the plain TCP floor), also the CPU time (user+sys,
      /proc/PID/stat) that process spent on the push, after 1,000 warm-up messages.

Text pushes are JSON objects of exactly SIZE bytes, each different, as the game's messages are:
the proxy validates their UTF-8 and redacts them. Both sides keep the library's default,
permessage-deflate offered and accepted, unless the client is told "none". Through the recording
proxy the offer is removed (docs/RECORDING.md), so both legs run uncompressed whatever the client
offers.
"""
import asyncio
import json
import os
import sys
import time

import websockets

TICKS = os.sysconf("SC_CLK_TCK")


def text_payloads(size, count=64):
    """`count` different JSON texts of exactly `size` bytes (at least 64)."""
    payloads = []
    for index in range(count):
        head = '{"type":"u","seq":%d,"energy":%d,"note":"' % (index, 50 + index)
        tail = '"}'
        filler = size - len(head) - len(tail)
        words = ("habit streak %d done; " % index) * (filler // 10 + 1)
        payloads.append(head + words[:filler] + tail)
    return payloads


async def serve():
    async def session(ws):
        try:
            async for message in ws:
                if isinstance(message, str) and message.startswith("push "):
                    parts = message.split()
                    count, size = int(parts[1]), int(parts[2])
                    if len(parts) > 3 and parts[3] == "text":
                        payloads = text_payloads(size)
                    else:
                        payloads = [b"\x07" * size]
                    for index in range(count):
                        await ws.send(payloads[index % len(payloads)])
                    await ws.send("done")
                else:
                    await ws.send(message)
        except websockets.ConnectionClosed:
            pass

    async with websockets.serve(session, "127.0.0.1", 0, max_size=None) as server:
        print(f"port {server.sockets[0].getsockname()[1]}", flush=True)
        await asyncio.Future()


def cpu_seconds(pid):
    """User + system time of process `pid` so far (all its threads, live or gone)."""
    with open(f"/proc/{pid}/stat") as stat:
        # The command name may hold spaces: the fields start after its closing parenthesis.
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def settled_cpu_seconds(pid):
    """The process's CPU time once it stops rising: the proxy's tape writer may still be busy
    with the last records after the last message went out."""
    last = cpu_seconds(pid)
    while True:
        time.sleep(0.15)
        now = cpu_seconds(pid)
        if now == last:
            return now
        last = now


async def push(ws, count, size, kind):
    await ws.send(f"push {count} {size} {kind}")
    received = 0
    while True:
        data = await ws.recv()
        if data == "done":
            return received
        received += 1


async def client(url, rounds, count, size, compression, kind, pid):
    options = {"compression": None} if compression == "none" else {}
    async with websockets.connect(url, max_size=None, max_queue=None, **options) as ws:
        extensions = [type(extension).__name__ for extension in ws.protocol.extensions]
        result = {"extensions": extensions}
        message = "x" * 64
        if rounds > 0:
            for _ in range(500):
                await ws.send(message)
                await ws.recv()
            samples = []
            for _ in range(rounds):
                start = time.perf_counter_ns()
                await ws.send(message)
                await ws.recv()
                samples.append(time.perf_counter_ns() - start)
            samples.sort()
            result["p50_us"] = samples[len(samples) // 2] / 1000
            result["p99_us"] = samples[int(len(samples) * 0.99)] / 1000
        if pid:
            await push(ws, 1000, size, kind)
            before = settled_cpu_seconds(pid)
        start = time.perf_counter()
        received = await push(ws, count, size, kind)
        elapsed = time.perf_counter() - start
        if pid:
            cpu = settled_cpu_seconds(pid) - before
            result["cpu_s"] = cpu
            result["cpu_us_per_msg"] = cpu / received * 1e6
        result["push_msgs_per_s"] = received / elapsed
        result["push_mib_per_s"] = received * size / elapsed / (1 << 20)
        print(json.dumps(result), flush=True)


if sys.argv[1] == "server":
    asyncio.run(serve())
else:
    asyncio.run(client(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]),
                       sys.argv[6] if len(sys.argv) > 6 else "deflate",
                       sys.argv[7] if len(sys.argv) > 7 else "binary",
                       int(sys.argv[8]) if len(sys.argv) > 8 else None))
