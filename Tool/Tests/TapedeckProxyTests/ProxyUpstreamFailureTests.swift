import Foundation
import NIOCore
import NIOPosix
import TapedeckProxy
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// When the upstream cannot be reached, refuses the upgrade or never answers it, the app gets an
/// HTTP error instead of a 101 (the upstream's own status, or 502), the attempt's tape says why,
/// and the proxy goes on serving the other sessions.
@Suite(.ownThread) struct ProxyUpstreamFailureTests {
    @Test func unreachableUpstreamGivesTheApp502AndOthersGoOn() async throws {
        let server = try await EchoServer()
        let harness = try await ProxyHarness(upstreamPort: server.port, name: "unreachable")
        let running = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/")
        try await running.send(text: "before")
        #expect(try await running.receiveText() == Array("before".utf8))

        // The upstream stops listening; the session already open keeps its connection.
        let port = server.port
        try await server.channel.close()
        await #expect(throws: WebSocketClientError.upgradeRefused(status: 502)) {
            _ = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/", timeout: .seconds(30))
        }
        try await running.send(text: "after")
        #expect(try await running.receiveText() == Array("after".utf8))
        await running.close()

        let tapes = try await harness.waitForTapes(2).map { try TapeContents(path: $0.path) }
        try #require(tapes.count == 2)
        let failed = try #require(tapes.first { $0.metadata.responseStatus == nil })
        #expect(failed.end == .complete)
        // The connection's handshake note (no answer), then the failure.
        #expect(failed.records.map(\.kind) == [.handshake, .error])
        #expect(failed.records.first.flatMap(ConnectionHandshake.metadata(of:))?.responseStatus == nil)
        let reason = failed.text(try #require(failed.records.last))
        #expect(reason == "upgrade failed: cannot connect to ws://127.0.0.1:\(port): 127.0.0.1: Connection refused")
        // No answer, so no status: a served tape fails the connect, it does not answer it.
        #expect(failed.records.last?.refusalStatus == nil)
        let fine = try #require(tapes.first { $0.metadata.responseStatus == 101 })
        #expect(fine.records(.c2s, [.text]).map { fine.text($0) } == ["before", "after"])
        #expect(fine.records(.s2c, [.text]).map { fine.text($0) } == ["before", "after"])
        #expect(!fine.records.contains { $0.kind == .error })
        await harness.shutdown()
        await server.shutdown()
    }

    @Test func refusedUpgradeIsPassedBackWithTheUpstreamsStatus() async throws {
        let server = try await EchoServer()
        let harness = try await ProxyHarness(upstreamPort: server.port, name: "refused")
        // The echo server serves "/" only; any other path is answered 404 and passed back as such.
        await #expect(throws: WebSocketClientError.upgradeRefused(status: 404)) {
            _ = try await WebSocketClient.connect(
                host: "127.0.0.1", port: harness.proxy.port, path: "/elsewhere", timeout: .seconds(30))
        }
        let client = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/")
        try await client.send(text: "still here")
        #expect(try await client.receiveText() == Array("still here".utf8))
        await client.close()

        let tapes = try await harness.waitForTapes(2).map { try TapeContents(path: $0.path) }
        let refused = try #require(tapes.first { $0.metadata.responseStatus == 404 })
        #expect(refused.metadata.requestTarget == "/elsewhere")
        #expect(
            refused.records.filter { $0.kind != .handshake }.map { refused.text($0) } == [
                "upgrade failed: upstream answered 404 Not Found"
            ])
        #expect(refused.records.map(\.kind) == [.handshake, .error])
        // Typed on the note (format 1.2): who ended it and what it answered, not only in words.
        #expect(refused.records.last?.endedBy == .server)
        #expect(refused.records.last?.refusalStatus == 404)
        #expect(refused.records.first.flatMap(ConnectionHandshake.metadata(of:))?.responseStatus == 404)
        #expect(tapes.contains { $0.metadata.responseStatus == 101 && $0.records(.s2c, [.text]).count == 1 })
        await harness.shutdown()
        await server.shutdown()
    }

    @Test func upstreamThatNeverAnswersTheUpgradeTimesOut() async throws {
        // Accepts connections and reads, but never answers.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let silent = try await ServerBootstrap(group: group)
            .childChannelInitializer { $0.eventLoop.makeSucceededVoidFuture() }
            .bind(host: "127.0.0.1", port: 0).get()
        let port = try #require(silent.localAddress?.port)
        let harness = try await ProxyHarness(
            upstream: UpstreamURL(secure: false, host: "127.0.0.1", port: port, path: nil),
            name: "silent"
        ) { $0.upstreamTimeoutSeconds = 1 }
        await #expect(throws: WebSocketClientError.upgradeRefused(status: 502)) {
            _ = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/", timeout: .seconds(30))
        }
        let tapes = await harness.waitForTapes(1)
        let tape = try TapeContents(path: try #require(tapes.first).path)
        #expect(
            tape.records.filter { $0.kind != .handshake }.map { tape.text($0) } == [
                "upgrade failed: no upgrade from ws://127.0.0.1:\(port) within 1 s"
            ])
        await harness.shutdown()
        try await silent.close()
        try await group.shutdownGracefully()
    }
}
