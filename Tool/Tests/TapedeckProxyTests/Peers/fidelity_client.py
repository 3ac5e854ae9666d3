"""The app-side peer of the proxy fidelity test, on Python's `websockets` (permessage-deflate
offered, its default). Plays one scripted session through the proxy and prints, as JSON, what it
sent and received in order, and how the connection closed.

Usage: fidelity_client.py ws://127.0.0.1:PORT/path?query
"""
import asyncio
import base64
import json
import sys

import websockets


def entry(kind, data):
    if isinstance(data, str):
        return {"kind": kind, "text": data}
    return {"kind": kind, "base64": base64.b64encode(data).decode()}


async def main():
    url = sys.argv[1]
    log = {"sent": [], "received": [], "close": None}
    # open_timeout as long as the server's (fidelity_server.py): the suite can load the machine.
    async with websockets.connect(url, subprotocols=["baolife.v1"], open_timeout=60,
                                  additional_headers={"X-App-Version": "7.3.1"}) as ws:
        log["subprotocol"] = ws.subprotocol
        log["extensions"] = [type(e).__name__ for e in ws.protocol.extensions]

        async def send(data, kind=None):
            log["sent"].append(entry(kind or ("text" if isinstance(data, str) else "binary"), data))
            await ws.send(data)

        async def receive():
            data = await asyncio.wait_for(ws.recv(), 10)
            log["received"].append(entry("text" if isinstance(data, str) else "binary", data))

        await send('{"type":"hello","message":{"n":1}}')
        await receive()
        await send(bytes(range(256)) * 3)
        await receive()
        # websockets sends each piece as a frame, then an empty final frame: 4 frames on the wire.
        fragments = ["frag-one ", "frag-two ", "frag-three"]
        log["sent"].append({"kind": "text", "text": "".join(fragments), "fragments": len(fragments) + 1})
        await ws.send(fragments)
        await receive()
        waiter = await ws.ping(b"client-ping")
        log["sent"].append(entry("ping", b"client-ping"))
        await asyncio.wait_for(waiter, 10)
        await send("last")
        await receive()
        await ws.close(code=4001, reason="bye now")
        log["close"] = {"code": ws.close_code, "reason": ws.close_reason}
    print(json.dumps(log))


asyncio.run(main())
