import Foundation
import NIOSSL
import TapedeckProxy
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// `record --mode forward` with real clients: Python `websockets` through its `proxy=` argument
/// (CONNECT for ws:// and wss:// alike), raw absolute-URI requests, and requests it cannot serve
/// (ForwardProxyPolicyTests: which hosts it serves at all).
@Suite(.tags(.integration), .ownThread)
struct ForwardProxyTests {
    static let client = Peers.proxy("forward_client.py")

    /// What a peer script printed: the messages sent and received, as bytes.
    static func exchanged(_ output: String) -> (sent: [[UInt8]], received: [[UInt8]]) {
        let seen = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any]
        func bytes(_ value: Any) -> [UInt8] {
            if let text = value as? String { return Array(text.utf8) }
            if let base64 = (value as? [String: String])?["base64"] { return Array(Data(base64Encoded: base64) ?? Data()) }
            return []
        }
        return ((seen?["sent"] as? [Any] ?? []).map(bytes), (seen?["received"] as? [Any] ?? []).map(bytes))
    }

    @Test func pythonWebSocketsIsRecordedThroughTheProxyOverWSAndWSS() async throws {
        try Peers.requirePython()
        let plain = try await EchoServer()
        let secure = try await EchoServer(
            tls: try TLSFiles.serverContext(certificatePath: Peers.testCertificate, keyPath: Peers.testKey))
        let harness = try await ProxyHarness(intercepting: [InterceptPattern(host: "127.0.0.1", port: nil)], name: "forward") {
            $0.upstreamCAPath = Peers.testCertificate
        }
        #expect(harness.proxy.url.hasPrefix("http://127.0.0.1:"))
        let overWS = try await ChildProcess.run(
            ChildProcess.python, [Self.client, harness.proxy.url, "ws://127.0.0.1:\(plain.port)/game"], seconds: 120)
        try #require(overWS.status == 0, "forward_client.py over ws:// failed: \(overWS.standardError)")
        _ = await harness.waitForTapes(1)
        // The client trusts only the proxy's CA: the certificate it got was made for 127.0.0.1.
        let overWSS = try await ChildProcess.run(
            ChildProcess.python,
            [Self.client, harness.proxy.url, "wss://127.0.0.1:\(secure.port)/game", harness.authorityCertificate], seconds: 120)
        try #require(overWSS.status == 0, "forward_client.py over wss:// failed: \(overWSS.standardError)")
        let tapes = await harness.waitForTapes(2)
        let recorded = try tapes.map { try TapeContents(path: $0.path) }
        let upstreams = ["ws://127.0.0.1:\(plain.port)/game", "wss://127.0.0.1:\(secure.port)/game"]
        await harness.shutdown()
        await plain.shutdown()
        await secure.shutdown()

        try #require(recorded.count == 2)
        for (tape, (output, upstream)) in zip(recorded, zip([overWS.standardOutput, overWSS.standardOutput], upstreams)) {
            let (sent, received) = Self.exchanged(output)
            #expect(sent.count == 3)
            #expect(received == sent)
            #expect(tape.metadata.upstreamURL == upstream)
            #expect(tape.metadata.requestTarget == "/game")
            #expect(tape.end == .complete)
            #expect(tape.records(.c2s, [.text, .binary]).map(\.payload) == sent)
            #expect(tape.records(.s2c, [.text, .binary]).map(\.payload) == received)
            #expect(tape.records.filter { $0.kind == .close }.map(\.closeCode).first == 1000)
        }
    }

    @Test func anAbsoluteURIUpgradeToAnInterceptedHostIsRecorded() async throws {
        let echo = try await EchoServer()
        let harness = try await ProxyHarness(
            intercepting: [InterceptPattern(host: "127.0.0.1", port: echo.port)], name: "forward-absolute")
        let peer = try await RawWebSocketPeer.connect(port: harness.proxy.port, path: "ws://127.0.0.1:\(echo.port)/game?v=2")
        #expect(await peer.status() == 101)
        peer.send(WireFrame(opcode: WireFrame.text, payload: Array("through the proxy".utf8)))
        peer.send(WireFrame.closing(1000))
        #expect(await peer.ended())
        let tapes = await harness.waitForTapes(1)
        let tape = try #require(try tapes.first.map { try TapeContents(path: $0.path) })
        #expect(tape.metadata.requestTarget == "/game?v=2")
        #expect(tape.metadata.upstreamURL == "ws://127.0.0.1:\(echo.port)/game")
        #expect(tape.records(.c2s, [.text]).map { tape.text($0) } == ["through the proxy"])
        #expect(tape.records(.s2c, [.text]).map { tape.text($0) } == ["through the proxy"])
        #expect(peer.seen.withLockedValue { $0.frames.first?.payload } == Array("through the proxy".utf8))
        await harness.shutdown()
        await echo.shutdown()
    }

    @Test(arguments: [
        ("GET /wss/ HTTP/1.1\r\nHost: x\r\n\r\n", "400 Bad Request", "set it as the app's HTTP proxy"),
        ("CONNECT lichun.app HTTP/1.1\r\n\r\n", "400 Bad Request", "CONNECT needs HOST:PORT"),
        ("GET https://lichun.app/ HTTP/1.1\r\n\r\n", "400 Bad Request", "through CONNECT"),
        ("GET ftp://lichun.app/ HTTP/1.1\r\n\r\n", "400 Bad Request", "only http:// and ws://"),
        ("HELLO\r\n\r\n", "400 Bad Request", "METHOD TARGET HTTP/1.1"),
        ("GET http://x/ HTTP/1.1\r\nX-Long: " + String(repeating: "a", count: 17_000) + "\r\n\r\n", "431", "over 16384 bytes"),
    ])
    func aRequestThatCannotBeProxiedIsAnsweredWithWhy(request: String, status: String, reason: String) async throws {
        let harness = try await ProxyHarness(intercepting: [InterceptPattern(host: "*", port: nil)], name: "forward-refusal")
        let socket = try RawSocket(port: harness.proxy.port)
        socket.send(request)
        let answer = await socket.readUntilClosed(seconds: 30)
        let text = String(decoding: answer.bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 \(status)"), "\(text) (proxy problems: \(harness.problems))")
        #expect(text.contains(reason), "\(text)")
        #expect(answer.end == .closedByPeer)
        await harness.shutdown()
    }

    @Test func aPassedThroughHostThatCannotBeReachedIsA502() async throws {
        let network = try #require(ForwardProxyPolicyTests.networkAddress, "no non-loopback IPv4 address on this machine")
        let harness = try await ProxyHarness(intercepting: [InterceptPattern(host: "lichun.app", port: nil)], name: "forward-502")
        {
            $0.passThrough = [InterceptPattern(host: "*", port: nil)]
        }
        let socket = try RawSocket(port: harness.proxy.port)
        // Port 1 on this machine's network address: nothing listens there.
        socket.send("CONNECT \(network):1 HTTP/1.1\r\nHost: \(network):1\r\n\r\n")
        let text = String(decoding: await socket.readUntilClosed(seconds: 30).bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 502 Bad Gateway"), "\(text)")
        #expect(text.contains("cannot connect to \(network):1"), "\(text)")
        await harness.shutdown()
    }
}
