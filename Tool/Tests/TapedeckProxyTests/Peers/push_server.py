"""An upstream that pushes COUNT binary messages of SIZE bytes to each client as fast as the
connection takes them, for the backpressure test. Message i starts with i as 8 big-endian bytes,
the rest is the byte i % 251. Prints "port N" when listening, "sent I" after each message was
handed to the socket (send waits while the socket's buffers are full), then "sent all".

Usage: push_server.py COUNT SIZE
"""
import asyncio
import sys

import websockets

COUNT, SIZE = int(sys.argv[1]), int(sys.argv[2])


def message(index):
    return index.to_bytes(8, "big") + bytes([index % 251]) * (SIZE - 8)


async def session(ws):
    try:
        for index in range(COUNT):
            await ws.send(message(index))
            print(f"sent {index + 1}", flush=True)
        print("sent all", flush=True)
        await ws.wait_closed()
    except websockets.ConnectionClosed:
        pass


async def main():
    # No keepalive pings: the app behind the proxy reads nothing for a while by design, so it
    # could not answer them in time.
    async with websockets.serve(session, "127.0.0.1", 0, max_size=None, ping_interval=None) as server:
        print(f"port {server.sockets[0].getsockname()[1]}", flush=True)
        await asyncio.Future()


asyncio.run(main())
