import Foundation
import NIOCore
import TapedeckProxy
import TapedeckServers
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// The RFC 6455 conformance table (`ConformanceCase.table`) run against the reference server,
/// `WebSocketClient` and the recording proxy (from either side), with exact bytes over loopback.
@Suite(.serialized, .tags(.integration), .ownThread) struct ConformanceTableTests {
    @Test(arguments: ConformanceCase.table)
    func referenceServer(_ row: ConformanceCase) async throws {
        let server = try await ReferenceServer.start(
            ReferenceServerConfiguration(clock: .virtual, maxMessageBytes: ConformanceCase.limit))
        let peer = try await RawWebSocketPeer.connect(port: server.port, path: ReferenceServerConfiguration.path)
        #expect(await peer.status() == 101)
        peer.send(row.bytes(fromClient: true))
        #expect(await peer.answer() == row.server, "\(row.name)")
        if case .close = row.server { #expect(await peer.ended(), "the server keeps the connection after its close") }
        peer.close()
        try await server.shutdown()
    }

    @Test(arguments: ConformanceCase.table)
    func client(_ row: ConformanceCase) async throws {
        let server = try await RawWebSocketServer(opening: row.bytes(fromClient: false))
        let client = try await WebSocketClient.connect(
            host: "127.0.0.1", port: server.port, path: "/",
            maxMessageBytes: ConformanceCase.limit)
        let peer = try #require(await server.firstPeer())
        #expect(await peer.answer() == row.client, "\(row.name)")
        if case .close = row.client { #expect(await peer.ended(), "the client keeps the connection after its close") }
        await client.close()
        await server.shutdown()
    }

    @Test(arguments: ConformanceCase.table)
    func proxyFromTheApp(_ row: ConformanceCase) async throws {
        let upstream = try await RawWebSocketServer()
        let harness = try await ProxyHarness(
            upstreamPort: upstream.port, name: "conformance-app", maxMessageBytes: ConformanceCase.limit)
        let app = try await RawWebSocketPeer.connect(port: harness.proxy.port, path: "/")
        #expect(await app.status() == 101)
        app.send(row.bytes(fromClient: true))
        #expect(await app.answer() == row.proxy, "\(row.name)")
        try await expectErrorPassedOn(row, to: try #require(await upstream.firstPeer()), harness: harness)
        app.close()
        await harness.shutdown()
        await upstream.shutdown()
    }

    @Test(arguments: ConformanceCase.table)
    func proxyFromTheServer(_ row: ConformanceCase) async throws {
        let upstream = try await RawWebSocketServer(opening: row.bytes(fromClient: false))
        let harness = try await ProxyHarness(
            upstreamPort: upstream.port, name: "conformance-server", maxMessageBytes: ConformanceCase.limit)
        let app = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/")
        let server = try #require(await upstream.firstPeer())
        #expect(await server.answer() == row.proxy, "\(row.name)")
        if case .close(let code?) = row.proxy, Self.isError(code) {
            var event: WebSocketClient.Event?
            while event == nil || event.map({ if case .message = $0 { true } else { false } }) == true {
                event = try await app.receive(timeout: .seconds(10))
            }
            #expect(event == .closed(code: code), "the app is told with the same code")
            try expectTapeNotes(code, harness: harness, tapes: await harness.waitForTapes(1))
        }
        await app.close()
        await harness.shutdown()
        await upstream.shutdown()
    }

    /// On a protocol error the proxy tells the other side with the same code, and the tape says why.
    private func expectErrorPassedOn(_ row: ConformanceCase, to other: RawWebSocketPeer, harness: ProxyHarness) async throws {
        guard case .close(let code?) = row.proxy, Self.isError(code) else { return }
        #expect(await other.answer() == .close(code), "the other side gets the same code")
        try expectTapeNotes(code, harness: harness, tapes: await harness.waitForTapes(1))
    }

    private func expectTapeNotes(_ code: UInt16, harness: ProxyHarness, tapes: [RecordedTape]) throws {
        let tape = try TapeContents(path: try #require(tapes.first).path)
        let error = try #require(tape.records.first { $0.direction == .note && $0.kind == .error })
        #expect(tape.text(error).hasSuffix("closing with \(code)"), "\(tape.text(error))")
        #expect(tape.records.contains { $0.direction == .note && $0.kind == .close && $0.closeCode == code })
    }

    static func isError(_ code: UInt16) -> Bool { [1002, 1007, 1009].contains(code) }
}
