"""Sends a secret in the Authorization and Cookie headers, in the token query parameter, and in
JSON fields (deviceToken, receipt, and a nested custom field), and waits for each echo.

Usage: secret_client.py URL SECRET
"""
import asyncio
import json
import sys

import websockets


async def main():
    url, secret = sys.argv[1], sys.argv[2]
    headers = {"Authorization": f"Bearer {secret}", "Cookie": f"session={secret}; theme=dark",
               "User-Agent": "BaoLife/7.3.1"}
    async with websockets.connect(f"{url}/wss/?token={secret}&v=3", additional_headers=headers, open_timeout=60) as ws:
        messages = [
            {"type": "createCharacter", "message": {"name": "Ada", "deviceToken": secret}},
            {"type": "validatePurchase", "message": {"productId": "gems_100", "receipt": secret}},
            {"type": "custom", "message": {"profile": {"apiKey": secret, "note": "keep me"}}},
        ]
        for message in messages:
            text = json.dumps(message, separators=(",", ":"))
            await ws.send(text)
            echoed = await asyncio.wait_for(ws.recv(), 10)
            if echoed != text:
                raise SystemExit(f"echo differs: {echoed!r}")
        await ws.close()
    print("ok", flush=True)


asyncio.run(main())
