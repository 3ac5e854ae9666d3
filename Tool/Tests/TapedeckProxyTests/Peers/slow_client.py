"""A client that does not read until GO_FILE exists, then reads COUNT binary messages of SIZE
bytes from push_server.py and checks each. Prints "connected", then "received N intact" (or what
was wrong) and closes with 1000.

Usage: slow_client.py URL GO_FILE COUNT SIZE
"""
import asyncio
import os
import sys

import websockets


async def main():
    url, go, count, size = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    # The library stops reading the socket once 16 messages wait in its queue: a slow reader.
    # No keepalive pings: while it reads nothing (by design, up to a minute on a loaded machine)
    # no pong could reach it, and the library would close with 1011 "keepalive ping timeout".
    async with websockets.connect(url, max_size=None, max_queue=16, open_timeout=30, ping_interval=None) as ws:
        print("connected", flush=True)
        waited = 0.0
        while not os.path.exists(go) and waited < 120:
            await asyncio.sleep(0.05)
            waited += 0.05
        intact = 0
        for index in range(count):
            data = await asyncio.wait_for(ws.recv(), 60)
            if data == index.to_bytes(8, "big") + bytes([index % 251]) * (size - 8):
                intact += 1
            else:
                print(f"message {index} differs ({len(data)} bytes)", flush=True)
        print(f"received {intact} intact", flush=True)
        await ws.close(1000)


asyncio.run(main())
