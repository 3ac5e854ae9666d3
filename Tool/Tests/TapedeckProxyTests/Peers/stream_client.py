"""Streams numbered text messages at RATE per second until the connection breaks, SECONDS pass
or SIGTERM comes (then it closes normally); prints "sent N" at the end. Message i is "i,<padding>".

Usage: stream_client.py URL RATE SECONDS
"""
import asyncio
import signal
import sys
import time

import websockets


async def main():
    url, rate, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    sent = 0
    padding = "x" * 40
    start = time.monotonic()
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    try:
        async with websockets.connect(url, open_timeout=60) as ws:
            print("connected", flush=True)
            while time.monotonic() - start < seconds and not stop.is_set():
                due = int((time.monotonic() - start) * rate) + 1
                while sent < due:
                    await ws.send(f"{sent},{padding}")
                    sent += 1
                await asyncio.sleep(0.001)
    except (websockets.ConnectionClosed, OSError):
        pass
    print(f"sent {sent}", flush=True)


asyncio.run(main())
