import Foundation
import TapedeckChecks
import TapedeckReplay
import TapedeckScenario
import TapedeckState
import TapedeckTape
import TapedeckTestFixtures
import Testing

/// A session tape (several recorded connections) served back to a scenario: each connect gets the
/// next recorded connection, and each ends as it was recorded: a drop, a close with its code, a
/// refused upgrade.
@Suite struct SessionTapeTransportTests {
    static let create = #"{"type":"createCharacter","message":{"name":"Mei","lastName":"Lin","sex":"female","interests":[]}}"#
    static let purchase = #"{"type":"purchaseItem","message":{"itemId":"teddy"}}"#
    static let greeting = #"{"type":"u","message":{"energy":70}}"#
    static let player =
        #"{"type":"playerObject","message":{"date":"2025-01-01","status":"playing","season":"spring","hourOfDay":8,"minuteOfHour":0,"gameSpeed":50,"person":{"id":"p1","name":"Mei","lastName":"Lin","money":200}}}"#
    static let resync =
        #"{"type":"playerObject","message":{"date":"2025-01-01","status":"playing","season":"spring","hourOfDay":8,"minuteOfHour":0,"gameSpeed":50,"person":{"id":"p1","name":"Mei","lastName":"Lin","money":160}}}"#
    static let drop = "server connection ended without a close frame"
    static let refusal = "upgrade failed: upstream answered 503 Service Unavailable"

    /// Four connections, as the recording proxy writes a session: 0 is dropped after a purchase
    /// (the proxy notes both sides of the drop), 1 resyncs and is closed with 4001, 2 is refused
    /// with a 503, 3 opens and the client closes it (the server's answering close is recorded too).
    static func sessionTape() -> [TapeRecord] {
        func record(
            _ milliseconds: UInt64, _ connection: UInt32, _ direction: TapeRecord.Direction, _ kind: TapeRecord.Kind,
            _ text: String = "", code: UInt16? = nil
        ) -> TapeRecord {
            TapeRecord(
                time: milliseconds * 1_000_000, connection: connection, direction: direction, kind: kind, closeCode: code,
                payload: Array(text.utf8))
        }
        return [
            record(0, 0, .c2s, .open),
            record(5, 0, .s2c, .text, greeting),
            record(40, 0, .c2s, .text, create),
            record(90, 0, .s2c, .text, player),
            record(1_000, 0, .c2s, .text, purchase),
            record(1_020, 0, .note, .error, drop),
            record(1_021, 0, .note, .error, "dropping the client connection: the server is gone"),
            record(2_100, 1, .c2s, .open),
            record(2_130, 1, .s2c, .text, resync),
            record(2_500, 1, .s2c, .close, "kicked", code: 4001),
            record(3_600, 2, .note, .error, refusal),
            record(5_700, 3, .c2s, .open),
            record(5_710, 3, .s2c, .text, greeting),
            record(6_000, 3, .c2s, .close, code: 1000),
            record(6_001, 3, .s2c, .close, code: 1000),
        ]
    }

    static func run(_ text: String) async throws -> (ScenarioResult, TapeServedTransport) {
        let clock = VirtualScenarioClock()
        let transport = TapeServedTransport(records: sessionTape(), clock: clock)
        let scenario = try TestSupport.parse(text)
        return (await ScenarioRunner(scenario: scenario, transport: transport, clock: clock).run(), transport)
    }

    /// Issue 51, finding 6: through HAR and back, the refused connection is still refused (it had
    /// gained an `open` and was served), and the others play as before.
    @Test func aHARRoundTripServesTheSameConnections() throws {
        let folder = try TestFolder("tapedeck-session-har")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let path = folder.path + "/session.tape"
        let writer = try TapeWriter(path: path, metadata: TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "test"))
        for record in Self.sessionTape() { try writer.append(record) }
        try writer.close()
        let har = try TapeHARExport.har(from: try TapeReader(path: path), creator: "test")
        let back = try TapeHARImport.session(from: har.bytes, fallback: TapeMetadata(created: "", tool: "")).records
        let before = RecordedSessionPlayer.players(records: Self.sessionTape())
        let after = RecordedSessionPlayer.players(records: back)
        #expect(after.map { $0.refusal?.status } == before.map { $0.refusal?.status })
        #expect(after.map { $0.refusal != nil } == [false, false, true, false])
        #expect(after.map(\.remainingClientMessages) == before.map(\.remainingClientMessages))
    }

    @Test func eachRecordedConnectionEndsAsItWasRecorded() throws {
        let records = Self.sessionTape()
        var dropped = RecordedSessionPlayer(records: records, connection: 0)
        #expect(dropped.refusal == nil)
        _ = dropped.open()
        _ = dropped.answer(Array(Self.create.utf8))
        // One drop, 20 ms after the purchase: the proxy's second note is the same drop's aftermath.
        #expect(
            dropped.answer(Array(Self.purchase.utf8)) == .matched([.init(delay: 20_000_000, event: .drop(reason: Self.drop))]))

        var closed = RecordedSessionPlayer(records: records, connection: 1)
        #expect(
            closed.open() == [
                .init(delay: 30_000_000, event: .message(Array(Self.resync.utf8))),
                .init(delay: 400_000_000, event: .close(code: 4001, reason: "kicked")),
            ])

        let refused = RecordedSessionPlayer(records: records, connection: 2)
        #expect(refused.refusal == RecordedRefusal(reason: Self.refusal, status: 503))
        #expect(refused.refusal?.status == 503)
        var accepted = RecordedSessionPlayer(records: records, connection: 3)
        #expect(accepted.refusal == nil)
        // The server's close after the client's is its answer: not a close of its own to play.
        #expect(accepted.open() == [.init(delay: 10_000_000, event: .message(Array(Self.greeting.utf8)))])
    }

    /// The proxy's note of the app's own side vanishing is the client's doing: nothing to serve.
    @Test func theClientsOwnDropIsNotServed() {
        var player = RecordedSessionPlayer(records: [
            TapeRecord(time: 0, direction: .c2s, kind: .open),
            TapeRecord(
                time: 10, direction: .note, kind: .error, payload: Array("client connection ended without a close frame".utf8)),
        ])
        #expect(player.open() == [])
        #expect(player.refusal == nil)
    }

    /// A tape of 1.2 says who ended the connection in its own field: the player goes by it, not by
    /// the note's words (here worded as the client's, typed as the server's, and the other way).
    @Test func theTypedEndDecidesNotTheWords() {
        func player(_ text: String, endedBy party: TapeRecord.Party) -> RecordedSessionPlayer {
            RecordedSessionPlayer(records: [
                TapeRecord(time: 0, direction: .c2s, kind: .open),
                TapeRecord(time: 10, direction: .note, kind: .error, endedBy: party, payload: Array(text.utf8)),
            ])
        }
        var serverEnded = player("client connection ended without a close frame", endedBy: .server)
        #expect(serverEnded.open() == [.init(delay: 10, event: .drop(reason: "client connection ended without a close frame"))])
        var clientEnded = player("server connection ended without a close frame", endedBy: .client)
        #expect(clientEnded.open() == [])
        var harnessEnded = player("timeout: the client did not finish closing within 5 s", endedBy: .harness)
        #expect(
            harnessEnded.open() == [
                .init(delay: 10, event: .drop(reason: "timeout: the client did not finish closing within 5 s"))
            ])
    }

    /// A refusal's status is the note's field when it has one (1.2), its words only on an older tape.
    @Test func aRefusalsTypedStatusDecidesNotTheWords() {
        let words = Array("upgrade failed: upstream answered 503 Service Unavailable".utf8)
        let typed = RecordedSessionPlayer(records: [
            TapeRecord(time: 1, direction: .note, kind: .error, endedBy: .server, refusalStatus: 429, payload: words)
        ])
        #expect(typed.refusal?.status == 429)
        let worded = RecordedSessionPlayer(records: [TapeRecord(time: 1, direction: .note, kind: .error, payload: words)])
        #expect(worded.refusal?.status == 503)
    }

    /// Tapes a 1.0 and a 1.1 writer made (`TapedeckTapeTests/Fixtures/legacy-*-end-notes.tape`),
    /// whose end notes say who ended each connection only in words: played as before, the
    /// client's own ends (connections 1 and 3) not served, the server's drop (2) and the proxy's
    /// timeout (4) served as drops.
    @Test(arguments: ["1.0", "1.1"]) func oldTapesEndNotesArePlayedAsBefore(version: String) throws {
        let path = TestTapes.sessionTape.replacingOccurrences(
            of: "baolife-session.tape", with: "legacy-\(version)-end-notes.tape")
        let records = try TapeContents(path: path).records
        let players = RecordedSessionPlayer.players(records: records)
        #expect(players.count == 4)
        var replies: [[RecordedSessionPlayer.Reply]] = []
        for var player in players {
            var all = player.open()
            if case .matched(let answer) = player.answer(Array(#"{"type":"ping","message":{}}"#.utf8)) { all += answer }
            replies.append(all)
        }
        #expect(replies[0] == [.init(delay: 1000, event: .message(Array(#"{"type":"hello","message":{}}"#.utf8)))])
        #expect(replies[1] == [.init(delay: 1000, event: .drop(reason: "server connection ended without a close frame"))])
        #expect(replies[2] == [])
        #expect(replies[3] == [.init(delay: 500, event: .drop(reason: "timeout: the client did not finish closing within 5 s"))])
    }

    @Test func theTransportPlaysEachConnectionInTurn() async throws {
        let clock = VirtualScenarioClock()
        let transport = TapeServedTransport(records: Self.sessionTape(), clock: clock)
        #expect(transport.recordedConnections == 4)

        try await transport.connect(url: "tape:session", headers: [], subprotocol: nil)
        #expect(try await transport.receive(timeout: 1_000_000_000) == .message(Array(Self.greeting.utf8)))
        try await transport.send(Array(Self.create.utf8))
        #expect(try await transport.receive(timeout: 1_000_000_000) == .message(Array(Self.player.utf8)))
        try await transport.send(Array(Self.purchase.utf8))
        #expect(try await transport.receive(timeout: 1_000_000_000) == .closed(code: 1006, reason: Self.drop))
        #expect(clock.now == VirtualTime(nanoseconds: 75_000_000))

        try await transport.connect(url: "tape:session", headers: [], subprotocol: nil)
        #expect(try await transport.receive(timeout: 1_000_000_000) == .message(Array(Self.resync.utf8)))
        #expect(try await transport.receive(timeout: 1_000_000_000) == .closed(code: 4001, reason: "kicked"))

        await #expect(throws: ScenarioTransportError("the tape's connection 3 was refused: HTTP 503: \(Self.refusal)")) {
            try await transport.connect(url: "tape:session", headers: [], subprotocol: nil)
        }
        try await transport.connect(url: "tape:session", headers: [], subprotocol: nil)
        #expect(try await transport.receive(timeout: 1_000_000_000) == .message(Array(Self.greeting.utf8)))
        #expect(try await transport.receive(timeout: 1_000_000_000) == .timeout)
        #expect(transport.connects == 4)
        #expect(transport.unopenedConnectionsNote == nil)

        await #expect(
            throws: ScenarioTransportError("connect #5: the tape recorded 4 connections, all of them served already")
        ) {
            try await transport.connect(url: "tape:session", headers: [], subprotocol: nil)
        }
    }

    @Test func aScenarioThatFollowsTheRecordingPasses() async throws {
        let (result, transport) = try await Self.run(
            """
            connect
            expect u
            send createCharacter {"name": "Mei", "lastName": "Lin", "sex": "female"}
            expect playerObject where person.money == 200
            send purchaseItem {"itemId": "teddy"}
            expect dropped within 1s
            checkpoint dropped
              connection.isConnected == false
            backoff 1s
            connect
            expect playerObject where person.money == 160
            expect closed 4001 within 1s
            checkpoint closed
              connection.closeCode == 4001
            connect refused
            checkpoint refused
              connection.error.kind == "connectionFailed"
            connect
            expect u
            checkpoint connected
              connection.isConnected == true
            close 1000
            """)
        #expect(result.passed, "\(ScenarioReport.text(for: result))")
        #expect(result.unmatchedSends.isEmpty)
        #expect(transport.connects == 4)
        #expect(transport.remainingClientMessages == 0)
        #expect(transport.unopenedConnectionsNote == nil)
        let refused = result.steps.first { $0.summary == "connect refused" }
        #expect(refused?.log == ["refused, as expected: the tape's connection 3 was refused: HTTP 503: \(Self.refusal)"])
    }

    @Test func connectingMoreTimesThanRecordedFailsNamingTheCount() async throws {
        let (result, _) = try await Self.run(
            """
            connect
            close 1000
            connect
            close 1000
            connect refused
            connect
            close 1000
            connect
            """)
        #expect(!result.passed)
        let failed = result.steps.first { $0.status == .failed }
        #expect(failed?.number == 8)
        #expect(
            failed?.message
                == "could not connect to ws://127.0.0.1:8080/wss/: connect #5: the tape recorded 4 connections, all of them served already"
        )
    }

    /// A scenario that stops after the drop passes (what it checked held), and the run says which
    /// recorded connections it left unopened; one that expects more without reconnecting fails.
    @Test func aScenarioThatNeverReconnects() async throws {
        let (stopped, transport) = try await Self.run(
            """
            connect
            send createCharacter {"name": "Mei", "lastName": "Lin", "sex": "female"}
            send purchaseItem {"itemId": "teddy"}
            expect dropped within 1s
            """)
        #expect(stopped.passed, "\(ScenarioReport.text(for: stopped))")
        #expect(transport.connects == 1)
        #expect(transport.unopenedConnectionsNote == "the tape recorded 4 connections; the scenario connected once")

        let (waiting, _) = try await Self.run(
            """
            connect
            send createCharacter {"name": "Mei", "lastName": "Lin", "sex": "female"}
            send purchaseItem {"itemId": "teddy"}
            expect dropped within 1s
            expect playerObject where person.money == 160 within 5s
            """)
        #expect(!waiting.passed)
        #expect(waiting.steps.last?.status == .failed)
        #expect(waiting.steps.last?.message == "expected playerObject where person.money == 160: the connection is not open")
    }
}
