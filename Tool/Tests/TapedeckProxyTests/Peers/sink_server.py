"""An upstream that counts what it receives, for the SIGKILL test. Writes "<count> <last seq>"
to LOG_FILE each time a connection ends, and "port N" on stdout when listening.

Usage: sink_server.py LOG_FILE
"""
import asyncio
import sys

import websockets

LOG = sys.argv[1]


async def session(ws):
    count = 0
    last = -1
    try:
        async for message in ws:
            count += 1
            last = int(message.split(",", 1)[0])
    except websockets.ConnectionClosed:
        pass
    with open(LOG, "a") as handle:
        handle.write(f"{count} {last}\n")


async def main():
    async with websockets.serve(session, "127.0.0.1", 0, max_queue=None) as server:
        print(f"port {server.sockets[0].getsockname()[1]}", flush=True)
        await asyncio.Future()


asyncio.run(main())
