"""Puts a distinct secret into every documented redaction position, in every encoding the proxy
must see through, over one connection, and waits for each echo. Prints "case NAME SECRET" for
every secret placed, then "ok". The test then looks for each SECRET on disk.

Positions: request headers (Authorization, Proxy-Authorization, Cookie, the custom X-Api-Key),
query parameters (token, access_token, the custom sig), JSON keys at any depth (deviceToken,
receipt, the custom password) and a JSON pointer (/message/card/0). Encodings: plain,
percent-encoded names and values, upper-case names, \\u-escaped JSON keys and values, non-string
values, and messages split across WebSocket fragments inside the key and inside the value.
Every secret starts with "zz": only that prefix is ever encoded, so the rest must never appear.

Usage: redaction_matrix_client.py URL
"""
import asyncio
import secrets
import sys

import websockets

CASES = []


def secret(name):
    value = "zz" + secrets.token_hex(6) + "Q" + str(len(CASES))
    CASES.append((name, value))
    return value


def percent_first(value):
    """'zzab..' -> '%7Azab..': the first character percent-encoded."""
    return "%{:02X}".format(ord(value[0])) + value[1:]


def escape_first(value):
    """'zzab..' -> '\\u007azab..': the first character as a JSON \\u escape."""
    return "\\u{:04x}".format(ord(value[0])) + value[1:]


async def main():
    url = sys.argv[1]
    headers = [
        ("Authorization", f"Bearer {secret('header Authorization')}"),
        ("Proxy-Authorization", f"Basic {secret('header Proxy-Authorization')}"),
        ("Cookie", f"session={secret('header Cookie, first')}; theme={secret('header Cookie, second')}"),
        ("cookie", f"id={secret('header cookie, lower-case name')}"),
        ("X-Api-Key", secret("header X-Api-Key (rules file)")),
        ("User-Agent", "BaoLife/7.3.1"),
    ]
    query = "&".join([
        f"token={secret('query token')}",
        f"access_token={secret('query access_token')}",
        f"%74oken={secret('query %74oken (percent-encoded name)')}",
        f"token={percent_first(secret('query token, percent-encoded value'))}",
        f"TOKEN={secret('query TOKEN (upper-case name)')}",
        f"%61ccess%5Ftoken={percent_first(secret('query access_token, name and value percent-encoded'))}",
        f"sig={secret('query sig (rules file)')}",
        "v=3",
    ])
    messages = []

    def plain(key, name):
        value = secret(name)
        return '{"type":"custom","message":{"%s":"%s"}}' % (key, value)

    for key in ["deviceToken", "receipt", "password"]:
        messages.append([plain(key, f"json {key}")])
        escaped_key = escape_first(key)
        messages.append(['{"type":"custom","message":{"%s":"%s"}}' % (escaped_key, secret(f"json {key}, \\u-escaped key"))])
        messages.append(['{"type":"custom","message":{"%s":"%s"}}' % (key, escape_first(secret(f"json {key}, \\u-escaped value")))])
        messages.append(['{"type":"custom","message":{"list":[1,{"deep":{"%s":"%s"}}]}}' % (key, secret(f"json {key}, nested in an array"))])
        messages.append(['{"type":"custom","message":{"%s":{"inner":"%s","n":[1]}}}' % (key, secret(f"json {key}, object value"))])
        messages.append(['{"type":"custom","message":{"%s":["%s"]}}' % (key, secret(f"json {key}, array value"))])
        # One message in three fragments: the cuts fall inside the key and inside the secret.
        text = '{"type":"custom","message":{"%s":"%s"}}' % (key, secret(f"json {key}, split across fragments"))
        key_cut = text.index(key) + 3
        value_cut = text.index("zz") + 5
        messages.append([text[:key_cut], text[key_cut:value_cut], text[value_cut:]])
    messages.append(['{"type":"custom","message":{"card":["%s","keep"]}}' % secret("json pointer /message/card/0")])

    async with websockets.connect(f"{url}/wss/?{query}", additional_headers=headers, open_timeout=60) as ws:
        for parts in messages:
            await ws.send(parts if len(parts) > 1 else parts[0])
            echoed = await asyncio.wait_for(ws.recv(), 10)
            if echoed != "".join(parts):
                raise SystemExit(f"echo differs: {echoed!r}")
        await ws.close()
    for name, value in CASES:
        print(f"case {name}\t{value}", flush=True)
    print("ok", flush=True)


asyncio.run(main())
