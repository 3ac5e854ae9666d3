"""Benchmark peers for the recording proxy (scripts/bench-proxy.sh).

  bench_peer.py server                 echo server; prints "port N"; "push N SIZE" asks it to send
                                       N binary messages of SIZE bytes and then "done"
  bench_peer.py client URL ROUNDS N SIZE [deflate|none]
      latency: ROUNDS ping-pong round trips of a 64-byte text message (after 500 warm-up rounds),
      throughput: the server pushes N messages of SIZE bytes; prints one JSON line with
      p50/p99 round trip (µs), push throughput (messages/s) and the extensions negotiated

Both sides keep the library's default, permessage-deflate offered and accepted, unless the
client is told "none". Through the recording proxy the offer is removed (docs/RECORDING.md),
so both legs run uncompressed whatever the client offers.
"""
import asyncio
import json
import sys
import time

import websockets


async def serve():
    async def session(ws):
        try:
            async for message in ws:
                if isinstance(message, str) and message.startswith("push "):
                    _, count, size = message.split()
                    payload = b"\x07" * int(size)
                    for _ in range(int(count)):
                        await ws.send(payload)
                    await ws.send("done")
                else:
                    await ws.send(message)
        except websockets.ConnectionClosed:
            pass

    async with websockets.serve(session, "127.0.0.1", 0, max_size=None) as server:
        print(f"port {server.sockets[0].getsockname()[1]}", flush=True)
        await asyncio.Future()


async def client(url, rounds, count, size, compression):
    options = {"compression": None} if compression == "none" else {}
    async with websockets.connect(url, max_size=None, max_queue=None, **options) as ws:
        extensions = [type(extension).__name__ for extension in ws.protocol.extensions]
        message = "x" * 64
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
        start = time.perf_counter()
        await ws.send(f"push {count} {size}")
        received = 0
        while True:
            data = await ws.recv()
            if data == "done":
                break
            received += 1
        elapsed = time.perf_counter() - start
        print(json.dumps({
            "p50_us": samples[len(samples) // 2] / 1000,
            "p99_us": samples[int(len(samples) * 0.99)] / 1000,
            "push_msgs_per_s": received / elapsed,
            "push_mib_per_s": received * size / elapsed / (1 << 20),
            "extensions": extensions,
        }), flush=True)


if sys.argv[1] == "server":
    asyncio.run(serve())
else:
    asyncio.run(client(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]),
                       sys.argv[6] if len(sys.argv) > 6 else "deflate"))
