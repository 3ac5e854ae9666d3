"""mitmproxy's own HAR export of a WebSocket session: an independent HAR writer.

Usage: mitmproxy_websocket.py OUT.har

Starts a websockets echo server on loopback and mitmdump (mitmproxy from the Makefile's .venv)
as an HTTP proxy with `--set hardump=OUT.har`; a websockets client connects through the proxy
(CONNECT), sends text and binary messages and waits for each echo, then closes. mitmdump writes
OUT.har when it is stopped (SIGINT). Prints one JSON object: {"sent": [...], "received": [...]},
binary messages as {"base64": ...}.
"""
import asyncio
import base64
import json
import os
import signal
import socket
import sys

from websockets.asyncio.client import connect
from websockets.asyncio.server import serve

OUTGOING = [
    '{"type":"createCharacter","message":{"name":"Mei"}}',
    '{"type":"setFocus","message":{"focus":"caf\u00e9 \U0001f375"}}',
    bytes([0, 1, 2, 254, 255]),
    '{"type":"requestStatistics","message":{}}',
    bytes(range(256)),
]


def encode(message):
    return {"base64": base64.b64encode(message).decode()} if isinstance(message, bytes) else message


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


async def echo(ws):
    async for message in ws:
        await ws.send(message)


async def wait_for_port(port, process):
    for _ in range(600):
        if process.returncode is not None:
            raise RuntimeError("mitmdump exited with %d" % process.returncode)
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise RuntimeError("mitmdump did not listen on %d" % port)


async def main():
    har = sys.argv[1]
    # A test runner may start this script with SIGINT blocked (the mask is inherited through exec):
    # mitmdump would then never see the SIGINT that makes it write the HAR and exit.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT, signal.SIGTERM])
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    port = free_port()
    mitmdump = os.path.join(os.path.dirname(sys.executable), "mitmdump")
    environment = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    process = await asyncio.create_subprocess_exec(
        mitmdump, "--listen-host", "127.0.0.1", "--listen-port", str(port), "--set", "hardump=" + har,
        "--set", "confdir=" + os.path.dirname(os.path.abspath(har)) + "/mitmproxy-conf", "-q",
        env=environment, stdout=asyncio.subprocess.DEVNULL)
    sent, received = [], []
    try:
        await wait_for_port(port, process)
        async with serve(echo, "127.0.0.1", 0) as server:
            url = "ws://127.0.0.1:%d/game" % server.sockets[0].getsockname()[1]
            async with connect(url, proxy="http://127.0.0.1:%d" % port, compression=None) as ws:
                for message in OUTGOING:
                    await ws.send(message)
                    sent.append(encode(message))
                    received.append(encode(await ws.recv()))
    finally:
        process.send_signal(signal.SIGINT)
        try:
            status = await asyncio.wait_for(process.wait(), 60)
        except asyncio.TimeoutError:
            process.kill()
            raise
    if status != 0 or not os.path.exists(har):
        raise RuntimeError("mitmdump exited with %d without writing %s" % (status, har))
    print(json.dumps({"sent": sent, "received": received}))


asyncio.run(main())
