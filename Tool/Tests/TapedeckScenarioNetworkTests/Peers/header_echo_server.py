"""A WebSocket server (Python websockets) that tells the client what its upgrade request said.

Usage: header_echo_server.py
Prints "listening on PORT" first, then for each connection sends one BaoLife `error` envelope
whose message text is "path=<request path> token=<X-Token header> subprotocol=<chosen>" and
closes with 1000 once the client closes. Offers the subprotocol "baolife.v1". Exits after 60 s.
"""
import asyncio
import json

from websockets.asyncio.server import serve


async def handler(ws):
    text = "path=%s token=%s subprotocol=%s" % (
        ws.request.path, ws.request.headers.get("X-Token"), ws.subprotocol)
    await ws.send(json.dumps({"type": "error", "message": {"kind": "serverError", "message": text}}))
    try:
        await asyncio.wait_for(ws.wait_closed(), 30)
    except asyncio.TimeoutError:
        pass


async def main():
    async with serve(handler, "127.0.0.1", 0, subprotocols=["baolife.v1"]) as server:
        port = server.sockets[0].getsockname()[1]
        print("listening on %d" % port, flush=True)
        await asyncio.sleep(60)


asyncio.run(main())
