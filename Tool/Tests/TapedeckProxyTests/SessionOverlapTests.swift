import Foundation
import NIOHTTP1
import TapedeckProxy
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// Issue 51: connections of one key that overlap are different clients (findings 3 and 4), each
/// connection's handshake is on the tape, a waiting session holds no file (finding 1), the bound
/// on sessions closes the longest-waiting first, and a key too long to keep gives a tape of its own.
@Suite(.tags(.integration), .ownThread) struct SessionOverlapTests {
    static func connect(_ harness: ProxyHarness, _ path: String) async throws -> WebSocketClient {
        try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: path, timeout: .seconds(60))
    }

    static func echo(_ client: WebSocketClient, _ text: String) async throws {
        try await client.send(text: text)
        #expect(try await client.receiveText(timeout: .seconds(60)) == Array(text.utf8))
    }

    /// The c2s texts of each closed tape, the tapes in the order of their first connection.
    static func sentPerTape(_ harness: ProxyHarness) throws -> [[String]] {
        try harness.closedTapes.sorted { $0.id < $1.id }.map { tape in
            let contents = try TapeContents(path: tape.path)
            return contents.records(.c2s, [.text]).map { contents.text($0) }
        }
    }

    /// How many of this process's descriptors are open on `path`.
    static func descriptors(on path: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }
            .count
    }

    @Test func aConnectionWhileAnotherOfItsAddressIsLiveStartsItsOwnTape() async throws {
        let server = try await EchoServer()
        let harness = try await SessionTapeTests.harness(server, name: "overlap-address")
        defer { try? FileManager.default.removeItem(atPath: harness.folder) }
        // Two clients behind 127.0.0.1 at once: two sessions, not one tape of both.
        let first = try await Self.connect(harness, "/game")
        let second = try await Self.connect(harness, "/game")
        try await Self.echo(first, "first")
        try await Self.echo(second, "second")
        await first.close(code: 1000, timeout: .seconds(60))
        _ = await eventually { harness.proxy.statistics().openConnections == 1 }
        await second.close(code: 1000, timeout: .seconds(60))
        await SessionTapeTests.waitUntilNoConnection(harness)
        // A reconnect joins the session waiting for it (the newest, which replaced the older).
        let third = try await Self.connect(harness, "/game")
        try await Self.echo(third, "third")
        await third.close(code: 1000, timeout: .seconds(60))
        await SessionTapeTests.waitUntilNoConnection(harness)
        try await harness.proxy.shutdown()
        #expect(try Self.sentPerTape(harness) == [["first"], ["second", "third"]])
        await server.shutdown()
    }

    @Test func aSecondClientWithALiveKeyGetsItsOwnTapeAndEveryConnectionItsHandshake() async throws {
        let server = try await EchoServer()
        let harness = try await SessionTapeTests.harness(server, name: "overlap-key", key: .query("dev"))
        defer { try? FileManager.default.removeItem(atPath: harness.folder) }
        let owner = try await Self.connect(harness, "/game?dev=x&n=1")
        let spoofer = try await Self.connect(harness, "/game?dev=x&n=2")
        try await Self.echo(owner, "owner")
        try await Self.echo(spoofer, "spoofer")
        await spoofer.close(code: 1000, timeout: .seconds(60))
        _ = await eventually { harness.proxy.statistics().openConnections == 1 }
        await owner.close(code: 1000, timeout: .seconds(60))
        await SessionTapeTests.waitUntilNoConnection(harness)
        let back = try await Self.connect(harness, "/game?dev=x&n=3")
        try await Self.echo(back, "back")
        await back.close(code: 1000, timeout: .seconds(60))
        await SessionTapeTests.waitUntilNoConnection(harness)
        try await harness.proxy.shutdown()
        // The owner ended last, so its session took the reconnect; the spoofer's has its own tape.
        #expect(try Self.sentPerTape(harness) == [["owner", "back"], ["spoofer"]])

        let tape = try TapeContents(path: try #require(harness.closedTapes.min { $0.id < $1.id }).path)
        let handshakes = tape.records.filter { $0.kind == .handshake }
        try #require(handshakes.count == 2, "\(tape.records.map(\.kind))")
        let own = handshakes.compactMap(ConnectionHandshake.metadata(of:))
        #expect(own.map(\.requestTarget) == ["/game?dev=x&n=1", "/game?dev=x&n=3"])
        #expect(own.map(\.responseStatus) == [101, 101])
        #expect(own.allSatisfy { $0.clientAddress?.hasPrefix("127.0.0.1:") == true })
        #expect(Set(own.compactMap(\.clientAddress)).count == 2, "each connection's own port")
        // Each before its connection's open.
        for handshake in handshakes {
            let open = tape.records.first { $0.connection == handshake.connection && $0.kind == .open }
            #expect(open.map { $0.time >= handshake.time } == true)
        }
        await server.shutdown()
    }

    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "reads this process's descriptors in /proc (Linux)")
    )
    func aWaitingSessionHoldsNoFileAndItsTapeReadsComplete() async throws {
        let server = try await EchoServer()
        let harness = try await SessionTapeTests.harness(server, name: "overlap-sealed", key: .query("dev"))
        defer { try? FileManager.default.removeItem(atPath: harness.folder) }
        let first = try await Self.connect(harness, "/game?dev=a")
        try await Self.echo(first, "before")
        // The writer's thread creates the file.
        #expect(await eventually { !harness.tapeFiles.isEmpty })
        let path = try #require(harness.tapeFiles.first.map { harness.folder + "/" + $0 })
        #expect(Self.descriptors(on: path) == 1)
        await first.close(code: 1000, timeout: .seconds(60))
        await SessionTapeTests.waitUntilNoConnection(harness)
        // Waiting for a reconnect: sealed, no descriptor, complete for a reader.
        #expect(await eventually { Self.descriptors(on: path) == 0 })
        #expect(harness.closedTapes.isEmpty)
        let waiting = try TapeContents(path: path)
        #expect(waiting.end == .complete)
        #expect(waiting.records(.c2s, [.text]).map { waiting.text($0) } == ["before"])

        let second = try await Self.connect(harness, "/game?dev=a")
        try await Self.echo(second, "after")
        await second.close(code: 1000, timeout: .seconds(60))
        await SessionTapeTests.waitUntilNoConnection(harness)
        try await harness.proxy.shutdown()
        let tape = try TapeContents(path: path)
        #expect(tape.end == .complete)
        #expect(tape.records(.c2s, [.text]).map { tape.text($0) } == ["before", "after"])
        #expect(Set(tape.records.map(\.connection)).count == 2)
        // The closed tape's counts add up the two frames.
        #expect(harness.closedTapes.map(\.recordCount) == [tape.records.count])
        // Two LZ4 frames, as `lz4 -t` reads any concatenation of frames.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let magic: [UInt8] = [0x04, 0x22, 0x4D, 0x18]
        let frames = (0...(bytes.count - 4)).filter { Array(bytes[$0..<$0 + 4]) == magic }.count
        #expect(frames >= 2)
        await server.shutdown()
    }

    @Test func theBoundClosesTheSessionThatHasWaitedLongestFirst() async throws {
        let server = try await EchoServer()
        let harness = try await SessionTapeTests.harness(server, name: "overlap-bound", key: .query("dev"), maxSessions: 3)
        defer { try? FileManager.default.removeItem(atPath: harness.folder) }
        for device in ["a", "b", "c", "d", "e"] {
            let client = try await Self.connect(harness, "/game?dev=\(device)")
            try await Self.echo(client, device)
            await client.close(code: 1000, timeout: .seconds(60))
            await SessionTapeTests.waitUntilNoConnection(harness)
        }
        // d closed a, e closed b; c, d and e wait.
        #expect(await harness.waitForTapes(2).count == 2)
        #expect(try Self.sentPerTape(harness) == [["a"], ["b"]])
        // c still takes its reconnect.
        let back = try await Self.connect(harness, "/game?dev=c")
        try await Self.echo(back, "c again")
        await back.close(code: 1000, timeout: .seconds(60))
        await SessionTapeTests.waitUntilNoConnection(harness)
        try await harness.proxy.shutdown()
        #expect(try Self.sentPerTape(harness) == [["a"], ["b"], ["c", "c again"], ["d"], ["e"]])
        await server.shutdown()
    }

    @Test func aKeyTooLongToKeepGivesATapeOfItsOwn() async throws {
        let server = try await EchoServer()
        let harness = try await SessionTapeTests.harness(server, name: "overlap-long", key: .header("X-Device"))
        defer { try? FileManager.default.removeItem(atPath: harness.folder) }
        let long = String(repeating: "k", count: SessionKey.maximumValueBytes + 1)
        for number in 1...2 {
            let client = try await WebSocketClient.connect(
                host: "127.0.0.1", port: harness.proxy.port, path: "/game", headers: [("X-Device", long)],
                timeout: .seconds(60))
            try await Self.echo(client, "long \(number)")
            await client.close(code: 1000, timeout: .seconds(60))
            await SessionTapeTests.waitUntilNoConnection(harness)
        }
        #expect(await harness.waitForTapes(2).count == 2)
        #expect(harness.problems.count == 1)
        #expect(harness.problems.first?.contains("\(SessionKey.maximumValueBytes + 1) bytes is over the 1024-byte limit") == true)
        await harness.shutdown()
        await server.shutdown()
    }

    /// Finding 9: a query key is read as redaction reads the query.
    @Test func aQueryKeyIsDecodedAndSplitAtSemicolonsToo() {
        let key = SessionKey.query("device_id")
        func value(_ target: String) -> String? {
            key.value(clientIP: nil, request: HTTPRequestHead(version: .http1_1, method: .GET, uri: target))
        }
        #expect(value("/ws?v=1&device_id=A%20B") == "A B")
        #expect(value("/ws?v=1;device_id=x") == "x")
        #expect(value("/ws?device%5Fid=y") == "y")
        #expect(value("/ws?DEVICE_ID=z") == "z")
        #expect(value("/ws?other=1") == nil)
        #expect(value("/ws") == nil)
    }
}
