"""A client build under `tapedeck serve --verify`, played by Python's websockets client.

Usage: verify_client.py URL SENDS.json [CA.pem]

SENDS.json: {"connections": [[client message, ...], ...], "expect": [[n, n1, n2, ...], ...]}.
For each connection in turn: connect, send its messages one by one, and close. With "expect", read
n messages (the greeting) first and n1, n2, ... after each send: exactly what the recording
answers; without it, read whatever comes until the server is quiet for a moment after the last
send (the verdict is the server's, whatever this client reads). Prints one JSON object:
{"received": [[server message, ...], ...], "closes": [close code or null, ...]}. Every wait is
bounded. With CA.pem, a wss:// URL is verified against that CA (host name included).
"""
import asyncio
import json
import ssl
import sys

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

TIMEOUT = 20
QUIET = 0.3


async def drain(ws, received, seconds):
    while True:
        try:
            received.append(await asyncio.wait_for(ws.recv(), seconds))
        except asyncio.TimeoutError:
            return


async def play(url, sends, counts, context):
    received = []
    async with connect(url, open_timeout=TIMEOUT, close_timeout=5, max_size=None, ssl=context) as ws:
        try:
            if counts is None:
                for message in sends:
                    await ws.send(message)
                await drain(ws, received, QUIET)
            else:
                for _ in range(counts[0]):
                    received.append(await asyncio.wait_for(ws.recv(), TIMEOUT))
                for message, count in zip(sends, counts[1:]):
                    await ws.send(message)
                    for _ in range(count):
                        received.append(await asyncio.wait_for(ws.recv(), TIMEOUT))
        except ConnectionClosed:
            pass
    return received, ws.close_code


async def main():
    url, path = sys.argv[1], sys.argv[2]
    context = ssl.create_default_context(cafile=sys.argv[3]) if len(sys.argv) > 3 else None
    with open(path, encoding="utf-8") as file:
        script = json.load(file)
    received, closes = [], []
    expect = script.get("expect")
    for index, sends in enumerate(script["connections"]):
        messages, code = await play(url, sends, expect[index] if expect else None, context)
        received.append(messages)
        closes.append(code)
    print(json.dumps({"received": received, "closes": closes}))


asyncio.run(main())
