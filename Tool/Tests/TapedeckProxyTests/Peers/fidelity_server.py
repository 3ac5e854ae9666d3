"""The upstream peer of the proxy fidelity test, on Python's `websockets` (permessage-deflate on,
its default). Serves one session, then writes what it received and sent, in order, as JSON.

Usage: fidelity_server.py LOG_FILE     (prints "port N" first)
"""
import asyncio
import base64
import json
import sys

import websockets

LOG = sys.argv[1]
events = {"received": [], "sent": [], "close": None, "extensions": None, "path": None, "headers": {}}
done = asyncio.Event()


def entry(kind, data):
    if isinstance(data, str):
        return {"kind": kind, "text": data}
    return {"kind": kind, "base64": base64.b64encode(data).decode()}


async def send(ws, data):
    events["sent"].append(entry("text" if isinstance(data, str) else "binary", data))
    await ws.send(data)


async def session(ws):
    events["path"] = ws.request.path
    events["headers"] = {k.lower(): v for k, v in ws.request.headers.raw_items()}
    events["extensions"] = [type(e).__name__ for e in ws.protocol.extensions]
    try:
        hello = await ws.recv()
        events["received"].append(entry("text", hello))
        await send(ws, "welcome ✓ " + hello)
        blob = await ws.recv()
        events["received"].append(entry("binary", blob))
        await send(ws, bytes(reversed(blob)))
        joined = await ws.recv()
        events["received"].append(entry("text", joined))
        # websockets sends each piece as a frame, then an empty final frame: 4 frames on the wire.
        fragments = ["server-", "fragmented-", "reply"]
        events["sent"].append({"kind": "text", "text": "".join(fragments), "fragments": len(fragments) + 1})
        await ws.send(fragments)
        waiter = await ws.ping(b"server-ping")
        events["sent"].append(entry("ping", b"server-ping"))
        await asyncio.wait_for(waiter, 10)
        last = await ws.recv()
        events["received"].append(entry("text", last))
        await send(ws, "last reply")
        await asyncio.wait_for(ws.wait_closed(), 10)
    except websockets.ConnectionClosed:
        pass
    events["close"] = {"code": ws.close_code, "reason": ws.close_reason}
    done.set()


async def main():
    # A long open_timeout: when the whole test suite loads the machine, the proxy's upgrade
    # request can take more than websockets' default 10 s to arrive, and the closed connection
    # would reach the client as a 502.
    async with websockets.serve(session, "127.0.0.1", 0, subprotocols=["baolife.v1"], open_timeout=60) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"port {port}", flush=True)
        # The whole session, the proxy's and the client's start-up included: under a full test
        # run these took more than 60 s, the listener closed and the client got a 502.
        await asyncio.wait_for(done.wait(), 150)
    with open(LOG, "w") as handle:
        json.dump(events, handle)


asyncio.run(main())
