import Foundation
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

/// Pings and pongs go through the proxy and onto the tape; the proxy never answers a ping itself.
/// Both raw peers answer pings by hand with a pong of a different payload ("server saw ..."), so
/// a pong made by the proxy (which would echo the ping's payload) would show.
@Suite(.tags(.integration), .ownThread) struct ProxyPingPongTests {
    @Test func pingsAndPongsAreForwardedAndRecordedNotAnswered() async throws {
        try Peers.requirePython()
        let server = try ChildProcess(ChildProcess.python, [Peers.proxy("raw_peer.py"), "server", "ping"])
        let harness = try await ProxyHarness(upstreamPort: try await server.port(), name: "ping")
        let client = try ChildProcess(
            ChildProcess.python, [Peers.proxy("raw_peer.py"), "client", harness.proxy.url + "/", "ping"])
        let clientRun = await client.wait()
        let serverRun = await server.wait()
        #expect(clientRun.status == 0 && serverRun.status == 0, "\(clientRun.standardError) \(serverRun.standardError)")
        // Each side got the other's ping as sent, and the pong the other made by hand, nothing else.
        #expect(clientRun.output == ["ping server-ping", "pong server saw client-ping", "text server done", "close 1000"])
        #expect(serverRun.output.dropFirst() == ["ping client-ping", "pong client saw server-ping", "close 1000"])

        let tapes = await harness.waitForTapes(1)
        let tape = try TapeContents(path: try #require(tapes.first).path)
        let c2s = tape.records(.c2s, [.ping, .pong]).map { "\($0.kind.name) \(tape.text($0))" }
        let s2c = tape.records(.s2c, [.ping, .pong]).map { "\($0.kind.name) \(tape.text($0))" }
        #expect(c2s == ["ping client-ping", "pong client saw server-ping"])
        #expect(s2c == ["ping server-ping", "pong server saw client-ping"])
        #expect(!tape.records.contains { $0.direction == .note && $0.kind != .handshake })
        await harness.shutdown()
    }
}
