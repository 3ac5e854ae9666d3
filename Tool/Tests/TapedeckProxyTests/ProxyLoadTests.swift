import Foundation
import NIOCore
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// Many sessions at once: every message in comes out on the other side and is on its tape.
/// 500 connections of TAPEDECK_LOAD_MESSAGES messages each (default 200 in `make test`, which runs
/// this suite alone after the parallel part; `make test-slow` sends 1,000 each).
@Suite(.tags(.integration), .ownThread) struct ProxyLoadTests {
    @Test func fiveHundredConnectionsOfManyMessagesEach() async throws {
        let connections = 500
        let messages = ProcessInfo.processInfo.environment["TAPEDECK_LOAD_MESSAGES"].flatMap(Int.init) ?? 200
        try #require(messages > 0 && messages % 50 == 0, "TAPEDECK_LOAD_MESSAGES must be a multiple of 50 (bursts of 50)")
        let server = try await EchoServer()
        let harness = try await ProxyHarness(upstreamPort: server.port, name: "load", eventLoopThreads: 2)
        // All 500 connected first (upgrades are not starved by traffic on a busy machine), then
        // every session runs at the same time.
        let clients = try await withThrowingTaskGroup(of: (Int, WebSocketClient).self) { group in
            for index in 0..<connections {
                group.addTask {
                    (
                        index,
                        try await WebSocketClient.connect(
                            host: "127.0.0.1", port: harness.proxy.port, path: "/",
                            timeout: .seconds(120))
                    )
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(harness.proxy.statistics().openConnections == connections)
        let echoed = try await withThrowingTaskGroup(of: Int.self) { group in
            for (index, client) in clients {
                group.addTask {
                    var matched = 0
                    // Sent in bursts of 50 (one flush each), answers read before the next burst.
                    for batch in stride(from: 0, to: messages, by: 50) {
                        try await client.send(texts: (batch..<batch + 50).map { Array("c\(index)-m\($0)".utf8) })
                        for number in batch..<batch + 50 {
                            let bytes = try await client.receiveText(timeout: .seconds(60))
                            if bytes == Array("c\(index)-m\(number)".utf8) { matched += 1 }
                        }
                    }
                    await client.close()
                    return matched
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(echoed == connections * messages)
        let tapes = await harness.waitForTapes(connections)
        #expect(tapes.count == connections)
        var recordedIn = 0
        var recordedOut = 0
        var complete = 0
        for tape in tapes {
            let contents = try TapeContents(path: tape.path)
            if contents.end == .complete { complete += 1 }
            let c2s = contents.records(.c2s, [.text])
            let s2c = contents.records(.s2c, [.text])
            // In order and byte for byte: the client's own sequence, echoed.
            if let first = c2s.first, let prefix = contents.text(first).split(separator: "-").first {
                let expected = (0..<messages).map { Array("\(prefix)-m\($0)".utf8) }
                if c2s.map(\.payload) == expected { recordedIn += c2s.count }
                if s2c.map(\.payload) == expected { recordedOut += s2c.count }
            }
        }
        #expect(complete == connections)
        #expect(recordedIn == connections * messages)
        #expect(recordedOut == connections * messages)
        await harness.shutdown()
        await server.shutdown()
    }
}
