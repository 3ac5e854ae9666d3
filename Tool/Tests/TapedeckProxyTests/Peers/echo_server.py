"""An upstream that echoes every message and answers the handshake with a Set-Cookie header.
Prints "port N" when listening.

Usage: echo_server.py [SET_COOKIE_VALUE]
"""
import asyncio
import sys

import websockets
from websockets.datastructures import Headers

SET_COOKIE = sys.argv[1] if len(sys.argv) > 1 else None


def add_cookie(connection, request, response):
    if SET_COOKIE:
        response.headers["Set-Cookie"] = f"session={SET_COOKIE}; Path=/; HttpOnly"
    return response


async def echo(ws):
    try:
        async for message in ws:
            await ws.send(message)
    except websockets.ConnectionClosed:
        pass


async def main():
    async with websockets.serve(echo, "127.0.0.1", 0, process_response=add_cookie) as server:
        print(f"port {server.sockets[0].getsockname()[1]}", flush=True)
        await asyncio.Future()


asyncio.run(main())
