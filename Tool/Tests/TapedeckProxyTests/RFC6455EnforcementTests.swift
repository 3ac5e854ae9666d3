import Foundation
import NIOCore
import TapedeckServers
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// The RFC 6455 rules of issue 23 (finding 10) that the conformance table does not show:
/// the upgrade key, the close code a sender of an oversized message reads, and what the proxy
/// records of a message it refuses.
@Suite(.serialized, .tags(.integration), .ownThread) struct RFC6455EnforcementTests {
    static let badKeys = ["not-base64!!", "AAAAAAAAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAAA="]

    @Test(arguments: badKeys)
    func proxyRefusesAKeyThatIsNotBase64Of16Bytes(_ key: String) async throws {
        let upstream = try await RawWebSocketServer()
        let harness = try await ProxyHarness(upstreamPort: upstream.port, name: "bad-key")
        let app = try await RawWebSocketPeer.connect(port: harness.proxy.port, path: "/", key: key)
        #expect(await app.status() == 400)
        #expect(await app.ended(), "the proxy closes the connection after its 400")
        #expect(
            app.seen.withLockedValue { $0.unparsed }.contains(
                "Sec-WebSocket-Key must be one header holding the base64 encoding of 16"))
        #expect(harness.proxy.statistics().tapesClosed == 0, "nothing went upstream, no tape")
        await harness.shutdown()
        await upstream.shutdown()
    }

    @Test(arguments: badKeys)
    func serverRefusesAKeyThatIsNotBase64Of16Bytes(_ key: String) async throws {
        let server = try await ReferenceServer.start(ReferenceServerConfiguration(clock: .virtual))
        let peer = try await RawWebSocketPeer.connect(port: server.port, path: ReferenceServerConfiguration.path, key: key)
        #expect(await peer.status() == 400)
        #expect(await peer.ended())
        #expect(
            peer.seen.withLockedValue { $0.unparsed }.contains(
                "Sec-WebSocket-Key must be one header holding the base64 encoding of 16"))
        try await server.shutdown()
    }

    /// The sender of a message over the server's limit reads the server's 1009, not a reset: the
    /// server keeps reading after its close frame instead of closing under the sender.
    @Test func anOversizedMessageGetsTheServersCloseCode() async throws {
        let server = try await ReferenceServer.start(ReferenceServerConfiguration(clock: .virtual))
        for _ in 0..<5 {
            let client = try await WebSocketClient.connect(host: "127.0.0.1", port: server.port)
            try await client.send(text: Array(repeating: UInt8(ascii: "x"), count: 3 << 19))
            #expect(try await client.receive() == .closed(code: 1009))
            await client.close()
        }
        try await server.shutdown()
    }

    @Test func anOversizedMessageThroughTheProxyGetsItsCloseCode() async throws {
        let server = try await ReferenceServer.start(ReferenceServerConfiguration(clock: .virtual, maxMessageBytes: 4 << 20))
        let harness = try await ProxyHarness(upstreamPort: server.port, name: "oversized", maxMessageBytes: 1 << 20)
        for _ in 0..<3 {
            let client = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port)
            try await client.send(text: Array(repeating: UInt8(ascii: "x"), count: 3 << 19))
            #expect(try await client.receive() == .closed(code: 1009))
            await client.close()
        }
        await harness.shutdown()
        try await server.shutdown()
    }

    @Test func theClosedErrorNamesTheCode() {
        #expect(
            WebSocketClientError.closed(code: 1009).description == "the connection is closed (close code 1009 (message too big))")
    }

    /// Invalid UTF-8 is recorded as it arrived, then refused with 1007; the server never gets it.
    @Test func proxyRecordsTheInvalidTextItRefuses() async throws {
        let upstream = try await RawWebSocketServer()
        let harness = try await ProxyHarness(upstreamPort: upstream.port, name: "invalid-utf8")
        let app = try await RawWebSocketPeer.connect(port: harness.proxy.port, path: "/")
        #expect(await app.status() == 101)
        app.send(ConformanceCase.text("fine"))
        app.send(ConformanceCase.text(ConformanceCase.invalidUTF8))
        #expect(await app.answer() == .close(1007))
        let server = try #require(await upstream.firstPeer())
        #expect(await server.answer() == .close(1007))
        #expect(
            server.seen.withLockedValue { $0.frames.filter { $0.opcode == WireFrame.text }.map(\.payload) } == [
                Array("fine".utf8)
            ])
        let tape = try TapeContents(path: try #require(await harness.waitForTapes(1).first).path)
        let texts = tape.records(.c2s, [.text]).map(\.payload)
        #expect(texts == [Array("fine".utf8), ConformanceCase.invalidUTF8])
        let error = try #require(tape.records.first { $0.kind == .error })
        #expect(tape.text(error) == "client sent a text message that is not valid UTF-8: closing with 1007")
        await harness.shutdown()
        await upstream.shutdown()
    }
}
