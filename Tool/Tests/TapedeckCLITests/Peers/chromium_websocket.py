"""Headless Chromium's own WebSocket, driven by Playwright: an independent client and HAR writer.

Usage: chromium_websocket.py [--har OUT.har] [--ws URL] [--proxy URL --ca CA.pem]

Serves a page over http://127.0.0.1 (Chromium refuses a WebSocket to loopback from a data: page)
that opens a WebSocket, sends text and binary messages and waits for each echo, then closes.
Without --ws it connects to a websockets echo server of its own; with --ws to URL (an echo server
behind the recording proxy). Chromium is Debian's, through executable_path: no browser download.
With --har, Playwright's record_har_path writes OUT.har (with _webSocketMessages) when the
context closes. With --proxy, Chromium uses that HTTP proxy for everything, loopback included (the
page too), and trusts CA.pem through an NSS database made with certutil in a temporary HOME, as
a user trusting the recording proxy's CA would. Prints one JSON object: {"sent": [...], "received": [...], "extensions": "..."},
binary messages as {"base64": ...}; extensions is what the server agreed to.
"""
import asyncio
import base64
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading

from playwright.async_api import async_playwright
from websockets.asyncio.server import serve

PAGE = """<!doctype html><title>ws</title><script>
window.run = (url) => new Promise((resolve, reject) => {
  const sent = [], received = [];
  const ws = new WebSocket(url);
  ws.binaryType = "arraybuffer";
  const outgoing = ['{"type":"createCharacter","message":{"name":"Mei"}}',
                    '{"type":"setFocus","message":{"focus":"caf\\u00e9 \\ud83c\\udf75"}}',
                    new Uint8Array([0, 1, 2, 254, 255]),
                    '{"type":"requestStatistics","message":{}}'];
  const encode = (m) => typeof m === "string" ? m : {base64: btoa(String.fromCharCode(...new Uint8Array(m)))};
  let next = 0;
  const send = () => {
    if (next === outgoing.length) { ws.close(1000, "done"); return; }
    const m = outgoing[next++]; sent.push(encode(m)); ws.send(m);
  };
  ws.onopen = send;
  ws.onmessage = (event) => { received.push(encode(event.data)); send(); };
  ws.onclose = () => resolve({sent, received, extensions: ws.extensions});
  ws.onerror = () => reject(new Error("websocket error"));
});
</script>"""


class Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = PAGE.encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


async def echo(ws):
    async for message in ws:
        await ws.send(message)


def trusting(ca, home):
    """An environment whose HOME holds an NSS database (the one Chromium reads) trusting ca."""
    database = "sql:" + os.path.join(home, ".pki", "nssdb")
    os.makedirs(os.path.join(home, ".pki", "nssdb"))
    subprocess.run(["certutil", "-d", database, "-N", "--empty-password"], check=True)
    subprocess.run(["certutil", "-d", database, "-A", "-t", "C,,", "-n", "tapedeck local CA", "-i", ca], check=True)
    return dict(os.environ, HOME=home)


async def main():
    arguments = sys.argv[1:]

    def option(name):
        return arguments[arguments.index(name) + 1] if name in arguments else None

    har, url, proxy, ca = option("--har"), option("--ws"), option("--proxy"), option("--ca")
    launch = {}
    if proxy:
        # Playwright adds <-loopback> to the bypass rules, so loopback goes through the proxy too.
        launch["proxy"] = {"server": proxy}
    if ca:
        launch["env"] = trusting(ca, tempfile.mkdtemp(prefix="tapedeck-nss-"))
    http_server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=http_server.serve_forever, daemon=True).start()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    async with serve(echo, "127.0.0.1", 0) as ws_server:
        url = url or "ws://127.0.0.1:%d/game" % ws_server.sockets[0].getsockname()[1]
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path=chromium, headless=True, args=["--no-sandbox"], **launch)
            context = await browser.new_context(record_har_path=har) if har else await browser.new_context()
            page = await context.new_page()
            await page.goto("http://127.0.0.1:%d/" % http_server.server_address[1])
            result = await asyncio.wait_for(page.evaluate("url => window.run(url)", url), 60)
            await context.close()
            await browser.close()
    http_server.shutdown()
    print(json.dumps(result))


asyncio.run(main())
