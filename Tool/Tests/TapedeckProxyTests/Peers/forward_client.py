"""Python websockets through an HTTP proxy (its proxy= argument, which sends CONNECT for ws://
and wss:// alike): an independent client of `tapedeck record --mode forward`.

Usage: forward_client.py PROXY_URL WS_URI [CA_FILE]

Sends two text messages and a binary one, waiting for each echo, then closes with 1000. With
CA_FILE, wss:// trusts only that CA (the proxy's local CA). Prints one JSON object:
{"sent": [...], "received": [...]}, binary messages as {"base64": ...}.
"""
import asyncio
import base64
import json
import ssl
import sys

from websockets.asyncio.client import connect

OUTGOING = [
    '{"type":"createCharacter","message":{"name":"Mei"}}',
    '{"type":"setFocus","message":{"focus":"caf\\u00e9 \\ud83c\\udf75"}}',
    bytes([0, 1, 2, 254, 255]),
]


def shown(message):
    return message if isinstance(message, str) else {"base64": base64.b64encode(message).decode()}


async def main():
    proxy, uri = sys.argv[1], sys.argv[2]
    context = None
    if len(sys.argv) > 3:
        context = ssl.create_default_context(cafile=sys.argv[3])
    sent, received = [], []
    async with connect(uri, proxy=proxy, ssl=context, open_timeout=60) as websocket:
        for message in OUTGOING:
            await websocket.send(message)
            sent.append(shown(message))
            received.append(shown(await asyncio.wait_for(websocket.recv(), 60)))
    print(json.dumps({"sent": sent, "received": received}))


asyncio.run(main())
