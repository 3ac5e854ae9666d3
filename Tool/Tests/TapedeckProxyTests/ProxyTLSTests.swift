import Foundation
import TapedeckProxy
import TapedeckServers
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// wss:// on both sides of the proxy: the listener with PEM files, and an upstream (the reference
/// server with its TLS option) verified against `--ca-file`, refused without it, accepted with
/// `--insecure`.
@Suite(.ownThread) struct ProxyTLSTests {
    static let createCharacter =
        #"{"type":"createCharacter","message":{"name":"Ada","lastName":"Lovelace","sex":"female","interests":["music"]}}"#

    @Test func listenerServesWSSWithPEMFiles() async throws {
        let server = try await EchoServer()
        let harness = try await ProxyHarness(
            upstream: UpstreamURL(secure: false, host: "127.0.0.1", port: server.port, path: nil),
            name: "tls-listener"
        ) {
            $0.tlsCertificatePath = Peers.testCertificate
            $0.tlsKeyPath = Peers.testKey
        }
        #expect(harness.proxy.url.hasPrefix("wss://127.0.0.1:"))
        let tls = try TLSFiles.clientContext(trustedCertificatePath: Peers.testCertificate)
        let client = try await WebSocketClient.connect(
            host: "127.0.0.1", port: harness.proxy.port, path: "/", tls: tls,
            timeout: .seconds(30))
        try await client.send(text: "over tls")
        #expect(try await client.receiveText(timeout: .seconds(30)) == Array("over tls".utf8))
        await client.close()

        // Plain ws:// to the TLS listener gets no upgrade.
        await #expect(throws: (any Error).self) {
            _ = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/", timeout: .seconds(30))
        }

        let tapes = await harness.waitForTapes(1)
        try #require(tapes.count == 1)
        let tape = try TapeContents(path: tapes[0].path)
        #expect(tape.end == .complete)
        #expect(tape.records(.c2s, [.text]).map { tape.text($0) } == ["over tls"])
        #expect(tape.records(.s2c, [.text]).map { tape.text($0) } == ["over tls"])
        #expect(!tape.records.contains { $0.kind == .error })
        await harness.shutdown()
        await server.shutdown()
    }

    @Test func upstreamCertificateVerifiedAgainstTheCAFile() async throws {
        let server = try await Self.wssReferenceServer()
        let harness = try await ProxyHarness(upstream: Self.upstream(server), name: "tls-ca") {
            $0.upstreamCAPath = Peers.testCertificate
        }
        let answer = try await Self.createCharacter(through: harness)
        #expect(answer.contains(#""type":"playerObject""#), "\(answer)")
        let tapes = await harness.waitForTapes(1)
        try #require(tapes.count == 1)
        let tape = try TapeContents(path: tapes[0].path)
        #expect(tape.metadata.upstreamURL == "wss://127.0.0.1:\(server.port)/wss/")
        #expect(tape.metadata.responseStatus == 101)
        #expect(tape.records(.c2s, [.text]).map { tape.text($0) } == [Self.createCharacter])
        #expect(tape.records(.s2c, [.text]).first.map { tape.text($0) } == answer)
        #expect(!tape.records.contains { $0.kind == .error })
        await harness.shutdown()
        try await server.shutdown()
    }

    @Test func untrustedUpstreamIsRefusedWithAClearError() async throws {
        let server = try await Self.wssReferenceServer()
        let harness = try await ProxyHarness(upstream: Self.upstream(server), name: "tls-untrusted") { _ in }
        // The app gets an HTTP error instead of a 101: 502 Bad Gateway, then the connection closes.
        await #expect(throws: WebSocketClientError.upgradeRefused(status: 502)) {
            _ = try await WebSocketClient.connect(
                host: "127.0.0.1", port: harness.proxy.port, path: "/wss/", timeout: .seconds(30))
        }
        let tapes = await harness.waitForTapes(1)
        try #require(tapes.count == 1)
        let tape = try TapeContents(path: tapes[0].path)
        #expect(tape.end == .complete)
        #expect(tape.metadata.responseStatus == nil)
        #expect(tape.records.map(\.kind) == [.handshake, .error])
        let reason = tape.text(try #require(tape.records.last))
        #expect(reason.hasPrefix("upgrade failed: TLS handshake with the upstream failed"), "\(reason)")
        #expect(reason.contains("CERTIFICATE_VERIFY_FAILED"), "\(reason)")
        #expect(reason.contains("--ca-file"))
        await harness.shutdown()
        try await server.shutdown()
    }

    @Test func insecureAcceptsAnUntrustedUpstream() async throws {
        let server = try await Self.wssReferenceServer()
        let harness = try await ProxyHarness(upstream: Self.upstream(server), name: "tls-insecure") {
            $0.upstreamInsecure = true
        }
        let answer = try await Self.createCharacter(through: harness)
        #expect(answer.contains(#""type":"playerObject""#), "\(answer)")
        let tapes = await harness.waitForTapes(1)
        let tape = try TapeContents(path: try #require(tapes.first).path)
        #expect(tape.records(.c2s, [.text]).map { tape.text($0) } == [Self.createCharacter])
        #expect(!tape.records.contains { $0.kind == .error })
        await harness.shutdown()
        try await server.shutdown()
    }

    static func wssReferenceServer() async throws -> ReferenceServer {
        try await ReferenceServer.start(
            ReferenceServerConfiguration(
                tlsCertificatePath: Peers.testCertificate, tlsKeyPath: Peers.testKey, clock: .virtual))
    }

    static func upstream(_ server: ReferenceServer) -> UpstreamURL {
        UpstreamURL(secure: true, host: "127.0.0.1", port: server.port, path: ReferenceServerConfiguration.path)
    }

    /// Plays one createCharacter through the proxy over plain ws://; returns the first answer.
    static func createCharacter(through harness: ProxyHarness) async throws -> String {
        let client = try await WebSocketClient.connect(
            host: "127.0.0.1", port: harness.proxy.port, path: "/",
            timeout: .seconds(30))
        try await client.send(text: createCharacter)
        let answer = String(decoding: try await client.receiveText(timeout: .seconds(30)), as: UTF8.self)
        await client.close()
        return answer
    }
}
