import Foundation
import TapedeckChecks
import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckScenario
import TapedeckState
import TapedeckTape
import Testing

/// Tapes served back to scenarios, and scenarios recorded to tapes.
@Suite struct TapeTransportTests {
    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("tapedeck-scenario-tests-\(name)-\(UInt64.random(in: 0...UInt64.max)).tape").path
    }

    /// A recorded session: greeting, character creation, a reward event and its claim.
    static func recordedSession() -> [TapeRecord] {
        func text(_ time: UInt64, _ direction: TapeRecord.Direction, _ json: String) -> TapeRecord {
            TapeRecord(time: time * 1_000_000, direction: direction, kind: .text, payload: Array(json.utf8))
        }
        return [
            TapeRecord(time: 0, direction: .c2s, kind: .open),
            text(5, .s2c, #"{"type":"u","message":{"energy":70}}"#),
            text(
                40, .c2s, #"{"type":"createCharacter","message":{"name":"Mei","lastName":"Lin","sex":"female","interests":[]}}"#),
            text(
                90, .s2c,
                #"{"type":"playerObject","message":{"date":"2025-01-01","status":"playing","season":"spring","hourOfDay":8,"minuteOfHour":0,"gameSpeed":50,"person":{"id":"p1","name":"Mei","lastName":"Lin","energy":80}}}"#
            ),
            text(
                1_590, .s2c,
                #"{"type":"messageEvent","message":{"id":"e9","message":"A bonus","date":"2025-01-01","hour":9,"moneyCost":50}}"#),
            TapeRecord(time: 1_600_000_000, direction: .note, kind: .marker, payload: Array("proxy note".utf8)),
            text(2_000, .c2s, #"{"type":"claimEvent","message":{"eventId":"e9","timestamp":"2026-01-01T00:00:02.000Z"}}"#),
            text(2_030, .s2c, #"{"type":"claimResult","message":{"eventId":"e9","accepted":true}}"#),
            TapeRecord(time: 3_000_000_000, direction: .s2c, kind: .close, closeCode: 1000, payload: Array("bye".utf8)),
        ]
    }

    static func writeTape(_ records: [TapeRecord]) throws -> String {
        let path = temporaryPath("served")
        let writer = try TapeWriter(path: path, metadata: TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "test"))
        for record in records { try writer.append(record) }
        try writer.close()
        return path
    }

    static let scenarioText = """
        connect
        expect u
        send createCharacter {"name": "Mei", "lastName": "Lin", "sex": "female"}
        expect playerObject where person.name == "Mei" within 1s
        expect messageEvent where moneyCost > 0 within 2s
        capture eventId = id
        send claimEvent {"eventId": "${eventId}", "timestamp": "${now}"}
        expect claimResult where eventId == ${eventId} and accepted == true
        checkpoint claimed
          claimable.unclaimedCount == 0
          gameState.energy == 80
        """

    @Test func scenarioPassesAgainstATapeOfTheSession() async throws {
        let path = try Self.writeTape(Self.recordedSession())
        let clock = VirtualScenarioClock()
        let transport = try TapeServedTransport(tapePath: path, clock: clock, matchFields: ["eventId"])
        let scenario = try TestSupport.parse(Self.scenarioText)
        let result = await ScenarioRunner(scenario: scenario, transport: transport, clock: clock).run()
        #expect(result.passed, "\(ScenarioReport.text(for: result))")
        #expect(result.unmatchedSends.isEmpty)
        #expect(transport.remainingClientMessages == 0)
        // Recorded delays are kept: the reply 50 ms after the send, the event 1.5 s after that.
        #expect(result.steps[3].duration == 50_000_000)
        #expect(result.steps[4].duration == 1_500_000_000)
    }

    @Test func unmatchedSendIsReportedInTheResultAndAsAWarning() async throws {
        let clock = VirtualScenarioClock()
        let transport = TapeServedTransport(records: Self.recordedSession(), clock: clock, matchFields: ["eventId"])
        let scenario = try TestSupport.parse(
            """
            connect
            send createCharacter {"name": "Mei", "lastName": "Lin", "sex": "female"}
            expect playerObject
            send claimEvent {"eventId": "e1", "timestamp": "${now}"}
            send speed {"speed": 50}
            """)
        let result = await ScenarioRunner(scenario: scenario, transport: transport, clock: clock).run()
        #expect(
            result.unmatchedSends == [
                UnmatchedSend(
                    sendIndex: 1, type: "claimEvent", expectedType: "claimEvent",
                    difference: #"eventId: sent "e1", recorded "e9""#, recordIndex: 6),
                UnmatchedSend(sendIndex: 2, type: "speed", expectedType: "claimEvent", recordIndex: 6),
            ])
        #expect(
            result.steps[3].warnings == [
                #"unmatched send #2 claimEvent: eventId: sent "e1", recorded "e9" against the tape's next claimEvent (tape record 6)"#
            ])
        let text = ScenarioReport.text(for: result)
        #expect(
            text.contains(
                "✓ 5 send speed (0 ms)\n    ⚠ unmatched send #3 speed: the tape's next client message is claimEvent (tape record 6)\n"
            ))
        #expect(text.hasSuffix("PASS test: 5 passed, 0 failed, 2 unmatched sends (50 ms)\n"))
    }

    @Test func playerMatchesByTypeByDefaultAndDeliversTheRecordedClose() {
        var player = RecordedSessionPlayer(records: Self.recordedSession())
        #expect(player.open() == [.init(delay: 5_000_000, event: .message(Array(#"{"type":"u","message":{"energy":70}}"#.utf8)))])
        guard case .matched(let first) = player.answer(Array(#"{"type":"createCharacter","message":{"name":"X"}}"#.utf8)) else {
            Issue.record("createCharacter should match by type")
            return
        }
        #expect(first.map(\.delay) == [50_000_000, 1_550_000_000])
        guard case .matched(let second) = player.answer(Array(#"{"type":"claimEvent","message":{"eventId":"other"}}"#.utf8))
        else {
            Issue.record("claimEvent should match by type")
            return
        }
        #expect(
            second == [
                .init(
                    delay: 30_000_000,
                    event: .message(Array(#"{"type":"claimResult","message":{"eventId":"e9","accepted":true}}"#.utf8))),
                .init(delay: 1_000_000_000, event: .close(code: 1000, reason: "bye")),
            ])
        #expect(
            player.answer(Array(#"{"type":"start","message":{}}"#.utf8))
                == .unmatched(UnmatchedSend(sendIndex: 2, type: "start", expectedType: nil)))
    }

    /// A tape recorded through the proxy against a `--clock virtual` server holds the transport's
    /// `advance` messages; a scenario never sends them, so they are not matched, and what the ticks
    /// produced stays in the answer to the client message before them.
    @Test func advanceMessagesOfTheVirtualClockAreNotClientMessagesToMatch() {
        func text(_ time: UInt64, _ direction: TapeRecord.Direction, _ json: String) -> TapeRecord {
            TapeRecord(time: time * 1_000_000, direction: direction, kind: .text, payload: Array(json.utf8))
        }
        let tick = #"{"type":"u","message":{"energy":99}}"#
        var player = RecordedSessionPlayer(records: [
            TapeRecord(time: 0, direction: .c2s, kind: .open),
            text(10, .c2s, #"{"type":"speed","message":{"speed":10000}}"#),
            text(12, .s2c, #"{"type":"batch_update","message":{"gameSpeed":10000}}"#),
            text(20, .c2s, #"{"type":"advance","message":{"seconds":1}}"#),
            text(25, .s2c, tick),
            text(30, .c2s, #"{"type":"advance","message":{"seconds":1}}"#),
            text(40, .c2s, #"{"type":"stop","message":{}}"#),
            text(41, .s2c, #"{"type":"batch_update","message":{"status":"paused"}}"#),
        ])
        #expect(player.remainingClientMessages == 2)
        _ = player.open()
        #expect(
            player.answer(Array(#"{"type":"speed","message":{"speed":10000}}"#.utf8))
                == .matched([
                    .init(
                        delay: 2_000_000, event: .message(Array(#"{"type":"batch_update","message":{"gameSpeed":10000}}"#.utf8))),
                    .init(delay: 15_000_000, event: .message(Array(tick.utf8))),
                ]))
        guard case .matched(let paused) = player.answer(Array(#"{"type":"stop","message":{}}"#.utf8)) else {
            Issue.record("stop should match: the advances in between are not client messages to match")
            return
        }
        #expect(paused.map(\.delay) == [1_000_000])
        #expect(player.remainingClientMessages == 0)
    }

    /// Answers keep the tape's order even when the scenario sends its next message before the
    /// previous answers are due (recorded delays of a proxy tape are real times).
    @Test func answersToALaterSendNeverOvertakeEarlierOnes() async throws {
        func text(_ time: UInt64, _ direction: TapeRecord.Direction, _ json: String) -> TapeRecord {
            TapeRecord(time: time * 1_000_000, direction: direction, kind: .text, payload: Array(json.utf8))
        }
        let playing = #"{"type":"batch_update","message":{"status":"playing","gameSpeed":1000}}"#
        let slow = #"{"type":"batch_update","message":{"gameSpeed":50}}"#
        let clock = VirtualScenarioClock()
        let transport = TapeServedTransport(
            records: [
                TapeRecord(time: 0, direction: .c2s, kind: .open),
                text(10, .c2s, #"{"type":"start","message":{}}"#),
                text(18, .s2c, playing),
                text(30, .c2s, #"{"type":"speed","message":{"speed":50}}"#),
                text(32, .s2c, slow),
            ], clock: clock)
        try await transport.connect(url: "tape:test", headers: [], subprotocol: nil)
        try await transport.send(Array(#"{"type":"start","message":{}}"#.utf8))
        try await transport.send(Array(#"{"type":"speed","message":{"speed":50}}"#.utf8))
        var received: [String] = []
        for _ in 0..<2 {
            if case .message(let bytes) = try await transport.receive(timeout: 1_000_000_000) {
                received.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        #expect(received == [playing, slow])
        #expect(clock.now == VirtualTime(nanoseconds: 8_000_000))
    }

    @Test func recordToWritesATapeWithMarkersAtCheckpoints() async throws {
        let path = Self.temporaryPath("recorded")
        let clock = VirtualScenarioClock()
        let inner = InProcessTransport(server: ScriptedGameServer(), clock: clock)
        let recorder = RecordingTransport(
            wrapping: inner, path: path,
            metadata: TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "test"), clock: clock)
        let scenario = try TestSupport.parse(
            """
            connect ws://reference.test/wss/
              header X-Test: yes
            send createCharacter {"name": "Mei", "lastName": "Lin", "sex": "female"}
            expect playerObject
            checkpoint created
              player.fullName == "Mei Lin"
            wait 2s
            mark two-seconds
            checkpoint later
            """)
        let result = await ScenarioRunner(scenario: scenario, transport: recorder, clock: clock).run()
        try recorder.finish()
        #expect(result.passed)

        let reader = try TapeReader(path: path)
        #expect(reader.header.metadata.upstreamURL == "ws://reference.test/wss/")
        #expect(reader.header.metadata.requestHeaders == [TapeMetadata.HeaderField("X-Test", "yes")])
        var records: [TapeRecord] = []
        while let record = try reader.next() { records.append(record) }
        let summary = records.map { record -> String in
            let payload =
                record.kind == .text
                ? (RecordedSessionPlayerProbe.type(record.payload)) : String(decoding: record.payload, as: UTF8.self)
            return "\(record.time / 1_000_000) \(record.direction.name) \(record.kind.name) \(payload)"
        }
        #expect(
            summary == [
                "0 c2s open ws://reference.test/wss/",
                "0 c2s text createCharacter",
                "0 s2c text playerObject",
                "0 note marker created",
                "1000 s2c text u",
                "2000 s2c text u",
                "2000 note marker two-seconds",
                "2000 note marker later",
                "2000 c2s close ",
            ])
        #expect(records.last?.closeCode == 1000)
    }
}

enum RecordedSessionPlayerProbe {
    static func type(_ bytes: [UInt8]) -> String {
        guard case .object(let members)? = try? JSONValue.parse(bytes), case .string(let type)? = members["type"] else {
            return "?"
        }
        return type
    }
}
