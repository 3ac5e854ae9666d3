"""Plays a recorded session against `tapedeck serve` with Python's websockets client.

Usage: replay_client.py URL EXCHANGES.json

EXCHANGES.json: {"greeting": [server message, ...],
                 "exchanges": [{"send": client message, "expect": [server message, ...]}, ...],
                 "unmatched": client message the tape cannot answer}
Each connection: read the greeting, then for each exchange send the client message and read as
many messages as recorded. On the first connection the unmatched message is sent before the first
exchange; the tape must answer it with nothing, so the next message read is the first exchange's
answer. A second connection, offering the subprotocols baolife.v1 and other, must replay the
session from its start; its first entry is "subprotocol=<the one the server chose>".
Prints one JSON object: {"connections": [[received message, ...], ...]}. Every read is bounded.
"""
import asyncio
import json
import sys

from websockets.asyncio.client import connect

TIMEOUT = 20


async def play(url, script, unmatched, subprotocols=None):
    received = []
    async with connect(url, open_timeout=TIMEOUT, close_timeout=5, max_size=None, subprotocols=subprotocols) as ws:
        if subprotocols:
            received.append("subprotocol=%s" % ws.subprotocol)
        for _ in script["greeting"]:
            received.append(await asyncio.wait_for(ws.recv(), TIMEOUT))
        if unmatched is not None:
            await ws.send(unmatched)
        for exchange in script["exchanges"]:
            await ws.send(exchange["send"])
            for _ in exchange["expect"]:
                received.append(await asyncio.wait_for(ws.recv(), TIMEOUT))
    return received


async def main():
    url, path = sys.argv[1], sys.argv[2]
    with open(path, encoding="utf-8") as file:
        script = json.load(file)
    first = await play(url, script, script.get("unmatched"))
    second = await play(url, script, None, ["baolife.v1", "other"])
    print(json.dumps({"connections": [first, second]}))


asyncio.run(main())
