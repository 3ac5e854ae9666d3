"""An independent BaoLife client for the reference server, on Python's `websockets` package.

Usage: play_session.py ws://127.0.0.1:PORT/wss/

Creates a character, then plays: speed, time passing (virtual clock `advance`), claims, a question,
dating swipes and the store. Every frame the server sends must be a JSON envelope
{"type": <known type>, "message": <object>}; the script exits 1 with the reason otherwise, and
prints "ok: N messages, types: ..." on success.
"""
import asyncio
import json
import pathlib
import sys

import websockets

# The server's message types, read from the protocol's single source (Protocol/baolife.schema.json).
SCHEMA = pathlib.Path(__file__).resolve().parents[4] / "Protocol" / "baolife.schema.json"
KNOWN_TYPES = {message["type"] for message in json.loads(SCHEMA.read_text())["server"]["messages"]}


class Failure(Exception):
    pass


class Peer:
    def __init__(self, socket):
        self.socket = socket
        self.seen = []

    async def send(self, kind, body=None):
        envelope = {"type": kind}
        if body is not None:
            envelope["message"] = body
        await self.socket.send(json.dumps(envelope))

    async def receive(self):
        frame = await asyncio.wait_for(self.socket.recv(), timeout=10)
        if not isinstance(frame, str):
            raise Failure(f"binary frame from the server: {frame[:40]!r}")
        try:
            envelope = json.loads(frame)
        except json.JSONDecodeError as error:
            raise Failure(f"invalid JSON from the server ({error}): {frame[:80]}")
        if not isinstance(envelope, dict) or set(envelope) != {"type", "message"}:
            raise Failure(f"not an envelope with exactly type and message: {frame[:80]}")
        if envelope["type"] not in KNOWN_TYPES:
            raise Failure(f"unknown message type {envelope['type']!r}")
        if not isinstance(envelope["message"], dict):
            raise Failure(f"message of {envelope['type']} is not an object")
        if envelope["type"] == "error":
            raise Failure(f"server error: {envelope['message']}")
        self.seen.append(envelope)
        return envelope

    async def until(self, kind):
        """Messages up to and including the first of `kind`."""
        received = []
        while True:
            envelope = await self.receive()
            received.append(envelope)
            if envelope["type"] == kind:
                return received


def check(condition, text):
    if not condition:
        raise Failure(text)


async def play(url):
    # open_timeout: a guard against hangs only (the suite can load the machine for seconds).
    async with websockets.connect(url, max_size=2**22, open_timeout=60) as socket:
        peer = Peer(socket)
        await peer.send("createCharacter", {"name": "Grace", "lastName": "Hopper", "sex": "female",
                                            "interests": ["coding", "music"]})
        opening = [await peer.receive() for _ in range(5)]
        check([m["type"] for m in opening] == ["playerObject", "achievementsList", "energyRefillTiers",
                                               "timeSkipTiers", "extraCurriculars"],
              f"character creation answered {[m['type'] for m in opening]}")
        player = opening[0]["message"]
        check(player["person"]["name"] == "Grace", "the player is not the person created")

        await peer.send("speed", {"speed": 10000})
        check((await peer.receive())["message"]["gameSpeed"] == 10000, "speed was not applied")

        # Let game time pass until a claimable event came, then until a question came (bounded). The
        # event is claimed as soon as it is seen: claims close a game day after the event, and five
        # ticks at speed 10000 are under 14 game hours.
        event, question = None, None

        async def play_until(done):
            nonlocal event, question
            for _ in range(40):
                if done():
                    return
                await peer.send("advance", {"seconds": 5})
                await peer.send("requestStatistics")
                for envelope in await peer.until("playerStatistics"):
                    body = envelope["message"]
                    if envelope["type"] == "messageEvent" and event is None and any(
                            body.get(k, 0) > 0 for k in ("energyCost", "moneyCost", "diamondCost", "affinityChange")):
                        event = body
                    if envelope["type"] == "questionEvent" and question is None:
                        question = body

        await play_until(lambda: event is not None)
        check(event is not None, "no claimable life event arrived")

        await peer.send("claimEvent", {"eventId": event["id"], "timestamp": "2025-01-01T00:00:00Z"})
        result = await peer.receive()
        check(result["type"] == "claimResult" and result["message"]["accepted"] is True, f"claim: {result}")
        check((await peer.receive())["type"] == "u", "no u after an accepted claim")
        await peer.send("claimEvent", {"eventId": event["id"], "timestamp": "2025-01-01T00:00:01Z"})
        again = await peer.until("claimResult")
        check(again[-1]["message"] == {"eventId": event["id"], "accepted": False, "reason": "alreadyClaimed"},
              f"second claim: {again[-1]}")

        await play_until(lambda: question is not None)
        check(question is not None, "no question arrived")
        free = [o for o in question["options"] if "diamondCost" not in o] or question["options"]
        await peer.send("answerQuestion", {"questionId": question["id"], "optionId": free[-1]["id"]})
        check((await peer.receive())["type"] == "u", "answerQuestion was not answered with u")

        matched = False
        for _ in range(10):
            await peer.send("retrievePerson", {})
            candidate = (await peer.until("personObject"))[-1]["message"]
            check(0 <= candidate.get("compatibilityScore", -1) <= 100, "candidate without compatibility")
            await peer.send("swipe", {"personId": candidate["id"], "direction": "right"})
            match = (await peer.until("matchResult"))[-1]["message"]
            if match["matched"]:
                event = await peer.receive()
                check(event["type"] == "relationshipEvent" and event["message"]["milestone"] == "matched",
                      f"a match without relationshipEvent: {event}")
                matched = True
                break

        await peer.send("purchaseItem", {"itemId": "flowers"})
        bought = (await peer.until("purchaseResult"))[-1]["message"]
        check(bought["success"] is True and bought["kind"] == "item", f"purchase: {bought}")
        await peer.send("refillEnergy", {"tier": "galaxy"})
        refused = (await peer.until("purchaseResult"))[-1]["message"]
        check(refused == {"kind": "energyRefill", "id": "galaxy", "success": False, "reason": "unknownTier"},
              f"unknown tier: {refused}")
        await peer.send("validatePurchase", {"productId": "diamond1", "receipt": "receipt-python-1"})
        credited = (await peer.until("purchaseResult"))[-1]["message"]
        check(credited["success"] is True, f"validatePurchase: {credited}")
        await peer.send("timeSkip", {"tier": "1d"})
        skipped = (await peer.until("purchaseResult"))[-1]["message"]
        check(skipped["success"] is True and skipped["summary"]["hoursSkipped"] == 24, f"time skip: {skipped}")

        await peer.send("requestStatistics")
        statistics = (await peer.until("playerStatistics"))[-1]["message"]
        check(statistics["eventsClaimed"] == 1 and statistics["questionsAnswered"] == 1, f"statistics: {statistics}")
        types = sorted({m["type"] for m in peer.seen})
        print(f"ok: {len(peer.seen)} messages, matched: {matched}, types: {' '.join(types)}")


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        asyncio.run(play(sys.argv[1]))
    except (Failure, asyncio.TimeoutError, websockets.exceptions.WebSocketException) as error:
        print(f"FAILED: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
