"""A wss:// client with Python's own TLS stack, for the proxy's TLS tests.

  tls_client.py URL CA_FILE

Verifies the server's certificate against CA_FILE only (host name checked, as an app would),
sends an X-App-Version header and a createCharacter message, and prints:
  "received TYPE" for the first answer, then "closed CODE" after closing with 1000;
  "tls refused: REASON" when the certificate is not trusted;
  "http STATUS" when the upgrade was answered with an HTTP error.
"""
import asyncio
import json
import ssl
import sys

import websockets

CREATE = {"type": "createCharacter",
          "message": {"name": "Grace", "lastName": "Hopper", "sex": "female", "interests": ["coding", "music"]}}


async def main():
    url, ca_file = sys.argv[1], sys.argv[2]
    context = ssl.create_default_context(cafile=ca_file)
    try:
        async with websockets.connect(url, ssl=context, additional_headers={"X-App-Version": "8.0.2"},
                                      open_timeout=30, close_timeout=10) as ws:
            await ws.send(json.dumps(CREATE))
            answer = json.loads(await asyncio.wait_for(ws.recv(), 30))
            print(f"received {answer['type']}", flush=True)
            await ws.close(1000)
            print(f"closed {ws.close_code}", flush=True)
    except ssl.SSLCertVerificationError as error:
        print(f"tls refused: {error.verify_message}", flush=True)
    except websockets.InvalidStatus as error:
        print(f"http {error.response.status_code}", flush=True)


asyncio.run(main())
