import Foundation
import TapedeckProxy
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// Session tapes (issue 43): an app's connections, its drops and reconnects, go into one tape
/// while their key matches and the gap after the last one has not passed.
@Suite(.tags(.integration), .ownThread) struct SessionTapeTests {
    static func harness(
        _ server: EchoServer, name: String, key: SessionKey = .clientAddress, gapSeconds: Double = 3600,
        maxSessions: Int = TapeGrouping.defaultMaxSessions, eventLoopThreads: Int = 1
    ) async throws -> ProxyHarness {
        try await ProxyHarness(upstream: UpstreamURL(secure: false, host: "127.0.0.1", port: server.port, path: nil), name: name)
        {
            $0.tapes = .perSession(key: key, gapNanoseconds: Int64(gapSeconds * 1e9), maxSessions: maxSessions)
            $0.eventLoopThreads = eventLoopThreads
        }
    }

    /// Each record as "connection kind direction detail", connections numbered in the order they
    /// first appear; pings and pongs left out.
    static func summary(_ tape: TapeContents) -> [String] {
        var order: [UInt32] = []
        return tape.records.compactMap { record in
            // Each connection's handshake note is SessionOverlapTests' subject.
            guard record.kind != .ping, record.kind != .pong, record.kind != .handshake else { return nil }
            if !order.contains(record.connection) { order.append(record.connection) }
            let number = order.firstIndex(of: record.connection)!
            let detail: String =
                switch record.kind {
                case .close: "\(record.closeCode.map(String.init) ?? "-")"
                case .open: ""
                default: tape.text(record)
                }
            return "c\(number) \(record.kind) \(record.direction.name) \(detail)".trimmingCharacters(in: .whitespaces)
        }
    }

    static func waitUntilNoConnection(_ harness: ProxyHarness) async {
        _ = await eventually { harness.proxy.statistics().openConnections == 0 }
    }

    @Test func aClientsFourConnectionsGoIntoOneTapeWithEachEndInOrder() async throws {
        let server = try await EchoServer()
        let harness = try await Self.harness(server, name: "session-reconnects")
        defer { try? FileManager.default.removeItem(atPath: harness.folder) }
        let port = harness.proxy.port
        let first = try await WebSocketClient.connect(host: "127.0.0.1", port: port, path: "/game", timeout: .seconds(60))
        try await first.send(text: "one")
        #expect(try await first.receiveText(timeout: .seconds(60)) == Array("one".utf8))
        await first.close(code: 1000, timeout: .seconds(60))
        await Self.waitUntilNoConnection(harness)
        // Dropped: the TCP connection ends without a close frame.
        let second = try await WebSocketClient.connect(host: "127.0.0.1", port: port, path: "/game", timeout: .seconds(60))
        try await second.send(text: "two")
        #expect(try await second.receiveText(timeout: .seconds(60)) == Array("two".utf8))
        try await second.channel.close()
        await Self.waitUntilNoConnection(harness)
        let third = try await WebSocketClient.connect(host: "127.0.0.1", port: port, path: "/game", timeout: .seconds(60))
        try await third.send(text: "three")
        #expect(try await third.receiveText(timeout: .seconds(60)) == Array("three".utf8))
        await third.close(code: 4000, timeout: .seconds(60))
        await Self.waitUntilNoConnection(harness)
        // The server is gone: the fourth connection's upgrade fails.
        await server.shutdown()
        await #expect(throws: (any Error).self) {
            _ = try await WebSocketClient.connect(host: "127.0.0.1", port: port, path: "/game", timeout: .seconds(60))
        }
        await Self.waitUntilNoConnection(harness)
        // The session waits for a reconnect: its tape is still open, and takes a marker.
        #expect(harness.closedTapes.isEmpty)
        #expect(harness.proxy.mark("after four") == 1)
        try await harness.proxy.shutdown()

        let tapes = harness.closedTapes
        try #require(tapes.count == 1, "\(tapes)")
        let tape = try TapeContents(path: tapes[0].path)
        #expect(tape.end == .complete)
        #expect(tape.metadata.requestTarget == "/game")
        let lines = Self.summary(tape)
        #expect(
            Array(lines.prefix(13)) == [
                "c0 open c2s", "c0 text c2s one", "c0 text s2c one", "c0 close c2s 1000", "c0 close s2c 1000",
                "c1 open c2s", "c1 text c2s two", "c1 text s2c two",
                "c1 error note client connection ended without a close frame",
                "c1 error note dropping the server connection: the client is gone",
                "c2 open c2s", "c2 text c2s three", "c2 text s2c three",
            ], "\(lines)")
        #expect(Array(lines.dropFirst(13).prefix(2)) == ["c2 close c2s 4000", "c2 close s2c 4000"], "\(lines)")
        #expect(
            lines.dropFirst(15).first?.hasPrefix("c3 error note upgrade failed: cannot connect to ws://127.0.0.1:") == true,
            "\(lines)")
        #expect(lines.last == "c3 marker note after four", "\(lines)")
        #expect(lines.count == 17, "\(lines)")
        // The proxy's connection numbers, in order.
        var connections: [UInt32] = []
        for record in tape.records where !connections.contains(record.connection) { connections.append(record.connection) }
        #expect(connections == connections.sorted() && connections.count == 4, "\(connections)")
    }

    @Test func theGapEndsASessionAndTheNextConnectionStartsANewTape() async throws {
        let server = try await EchoServer()
        let harness = try await Self.harness(server, name: "session-gap", gapSeconds: 0.2)
        defer { try? FileManager.default.removeItem(atPath: harness.folder) }
        for expected in 1...2 {
            let client = try await WebSocketClient.connect(
                host: "127.0.0.1", port: harness.proxy.port, path: "/game", timeout: .seconds(60))
            try await client.send(text: "hello \(expected)")
            #expect(try await client.receiveText(timeout: .seconds(60)) == Array("hello \(expected)".utf8))
            await client.close(code: 1000, timeout: .seconds(60))
            // Closed by the gap, not by shutdown.
            #expect(await harness.waitForTapes(expected).count == expected)
        }
        for tape in harness.closedTapes {
            let contents = try TapeContents(path: tape.path)
            #expect(Set(contents.records.map(\.connection)).count == 1)
        }
        await harness.shutdown()
        await server.shutdown()
    }

    @Test func aQueryKeyTellsSessionsFromOneAddressApart() async throws {
        let server = try await EchoServer()
        let harness = try await Self.harness(server, name: "session-query", key: .query("device"))
        defer { try? FileManager.default.removeItem(atPath: harness.folder) }
        for device in ["a", "b", "a"] {
            let client = try await WebSocketClient.connect(
                host: "127.0.0.1", port: harness.proxy.port, path: "/game?device=\(device)&v=1", timeout: .seconds(60))
            try await client.send(text: device)
            #expect(try await client.receiveText(timeout: .seconds(60)) == Array(device.utf8))
            await client.close(code: 1000, timeout: .seconds(60))
            await Self.waitUntilNoConnection(harness)
        }
        try await harness.proxy.shutdown()
        var sent: [[String]] = []
        for tape in harness.closedTapes {
            let contents = try TapeContents(path: tape.path)
            sent.append(contents.records(.c2s, [.text]).map { contents.text($0) })
        }
        #expect(sent.sorted { $0.count > $1.count } == [["a", "a"], ["b"]])
        await server.shutdown()
    }

    @Test(arguments: [
        ("client-address", SessionKey.clientAddress), ("query:deviceId", .query("deviceId")),
        ("header:X-Session", .header("X-Session")),
    ])
    func sessionKeysParse(text: String, key: SessionKey) {
        #expect(SessionKey(parsing: text) == key)
        #expect(key.description == text)
    }

    @Test func sessionKeysThatAreNotOneAreRefused() {
        for text in ["", "query:", "header:", "cookie:x", "client", "header:bad header name", "header:X:Y", "header:é"] {
            #expect(SessionKey(parsing: text) == nil, "\(text)")
        }
    }

    /// Issue 51, finding 5: a session key's value is a secret unless the user says otherwise: it
    /// reached the tape's request target and headers.
    @Test(arguments: [
        (["--session-key", "query:session_token"], "/game?session_token=SECRET-51&v=1", [(String, String)](), false),
        (["--session-key", "header:X-Device-Token"], "/game?v=1", [("X-Device-Token", "SECRET-51")], false),
        (["--session-key", "query:session_token", "--keep-session-key"], "/game?session_token=SECRET-51&v=1", [], true),
    ])
    func aSessionKeysValueIsRedactedUnlessKept(
        extra: [String], path: String, headers: [(String, String)], kept: Bool
    ) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck), "build first: swift build")
        let server = try await EchoServer()
        let folder = try TestFolder("tapedeck-session-redact").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (recorder, url) = try await RecordCommandTests.startRecorder(upstreamPort: server.port, folder: folder, extra: extra)
        let port = try #require(Int(url.split(separator: ":").last ?? ""))
        for number in 1...2 {
            let client = try await WebSocketClient.connect(
                host: "127.0.0.1", port: port, path: path, headers: headers.map { (name: $0.0, value: $0.1) },
                timeout: .seconds(60))
            try await client.send(text: "message \(number)")
            #expect(try await client.receiveText(timeout: .seconds(60)) == Array("message \(number)".utf8))
            await client.close(code: 1000, timeout: .seconds(60))
        }
        recorder.signal(SIGINT)
        #expect(await recorder.wait().status == 0)
        let paths = TestFolder.tapes(in: folder)
        // Grouped by the key all the same: one tape of both connections.
        try #require(paths.count == 1, "\(paths)")
        let tape = try TapeContents(path: paths[0])
        var handshakes = [tape.metadata]
        handshakes += tape.records.compactMap(ConnectionHandshake.metadata(of:))
        #expect(handshakes.count == 3)
        for handshake in handshakes {
            let texts = [handshake.requestTarget ?? ""] + handshake.requestHeaders.map(\.value)
            #expect(texts.contains { $0.contains("SECRET-51") } == kept, "\(texts)")
            #expect(texts.contains { $0.contains("redacted:") } == !kept, "\(texts)")
        }
        // Nowhere else either: the header's JSON and every record's bytes.
        let bytes = TapeMetadataJSON.encode(tape.metadata) + tape.records.flatMap(\.payload)
        #expect((bytes.firstRange(of: Array("SECRET-51".utf8)) != nil) == kept)
        await server.shutdown()
    }

    /// `tapedeck record` writes session tapes by default; `--tape-per connection` one per connection.
    @Test(arguments: [([String](), 1), (["--tape-per", "connection"], 2)])
    func theCommandRecordsSessionsUnlessAskedForConnections(extra: [String], tapes: Int) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck), "build first: swift build")
        let server = try await EchoServer()
        let folder = try TestFolder("tapedeck-session-command").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (recorder, url) = try await RecordCommandTests.startRecorder(upstreamPort: server.port, folder: folder, extra: extra)
        let port = try #require(Int(url.split(separator: ":").last ?? ""))
        for number in 1...2 {
            let client = try await WebSocketClient.connect(host: "127.0.0.1", port: port, path: "/game", timeout: .seconds(60))
            try await client.send(text: "message \(number)")
            #expect(try await client.receiveText(timeout: .seconds(60)) == Array("message \(number)".utf8))
            await client.close(code: 1000, timeout: .seconds(60))
        }
        recorder.signal(SIGINT)
        #expect(await recorder.wait().status == 0)
        let paths = TestFolder.tapes(in: folder)
        #expect(paths.count == tapes, "\(paths)")
        var messages: [String] = []
        for path in paths {
            let tape = try TapeContents(path: path)
            messages += tape.records(.c2s, [.text]).map { tape.text($0) }
        }
        #expect(messages.sorted() == ["message 1", "message 2"])
        await server.shutdown()
    }
}

/// A server that speaks as soon as the upgrade is done (a returning player's resync) races the
/// app's side of the upgrade: its messages go on the tape after the connection's `open`, where the
/// app receives them, never before it.
@Suite(.tags(.integration), .ownThread) struct EarlyServerMessageTests {
    @Test func aGreetingIsRecordedAfterTheOpenOnEveryConnection() async throws {
        let server = try await EchoServer(greeting: #"{"type":"playerObject","message":{}}"#)
        let harness = try await SessionTapeTests.harness(server, name: "session-greeting")
        defer { try? FileManager.default.removeItem(atPath: harness.folder) }
        for _ in 1...20 {
            let client = try await WebSocketClient.connect(
                host: "127.0.0.1", port: harness.proxy.port, path: "/game", timeout: .seconds(60))
            #expect(try await client.receiveText(timeout: .seconds(60)) == Array(#"{"type":"playerObject","message":{}}"#.utf8))
            await client.close(code: 1000, timeout: .seconds(60))
            await SessionTapeTests.waitUntilNoConnection(harness)
        }
        try await harness.proxy.shutdown()
        let tape = try TapeContents(path: try #require(harness.closedTapes.first).path)
        let lines = SessionTapeTests.summary(tape).filter { !$0.contains(" close ") }
        #expect(
            lines == (0..<20).flatMap { ["c\($0) open c2s", #"c\#($0) text s2c {"type":"playerObject","message":{}}"#] },
            "\(lines)")
        await server.shutdown()
    }
}
