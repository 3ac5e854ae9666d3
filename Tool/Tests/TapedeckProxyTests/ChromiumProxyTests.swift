import Foundation
import TapedeckProxy
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// Headless Chromium's own WebSocket (it offers permessage-deflate) through the recording proxy to
/// an echo server: in reverse mode, and in forward mode to a wss:// server with the proxy's CA
/// trusted in an NSS database. The page gets its messages back intact, and the tape holds, byte
/// for byte and in order, what the page sent and what the server sent back.
@Suite(
    .tags(.integration),
    .enabled(if: HeadlessChromium.found != nil || HeadlessChromium.required, "no chromium: run `make report-deps`"),
    .ownThread)
struct ChromiumProxyTests {
    static let page = Peers.script("TapedeckCLITests", "chromium_websocket.py")

    @Test func chromiumsWebSocketIsRecordedExactlyInReverseMode() async throws {
        try Self.requireBrowser()
        let echo = try await EchoServer()
        let harness = try await ProxyHarness(upstreamPort: echo.port, name: "chromium")
        let browser = try await ChildProcess.run(ChildProcess.python, [Self.page, "--ws", harness.proxy.url + "/"], seconds: 180)
        try #require(browser.status == 0, "chromium_websocket.py failed: \(browser.standardError)")
        let tapes = await harness.waitForTapes(1)
        let recorded = try tapes.first.map { try TapeContents(path: $0.path) }
        await harness.shutdown()
        await echo.shutdown()
        #expect(tapes.count == 1)
        try Self.expectRecordedExactly(try #require(recorded), browserOutput: browser.standardOutput)
    }

    /// The page itself is loaded through the proxy too (plain HTTP to the intercepted loopback
    /// host, tunnelled); only the wss:// session is recorded.
    @Test func chromiumsWebSocketIsRecordedExactlyInForwardModeTrustingTheCA() async throws {
        try Self.requireBrowser()
        try #require(
            ChildProcess.which("certutil") != nil,
            "no certutil: run `make report-deps` (Debian's libnss3-tools)")
        let echo = try await EchoServer(
            tls: try TLSFiles.serverContext(certificatePath: Peers.testCertificate, keyPath: Peers.testKey))
        let harness = try await ProxyHarness(
            intercepting: [InterceptPattern(host: "127.0.0.1", port: nil)], name: "chromium-forward"
        ) {
            $0.upstreamCAPath = Peers.testCertificate
        }
        let browser = try await ChildProcess.run(
            ChildProcess.python,
            [
                Self.page, "--ws", "wss://127.0.0.1:\(echo.port)/game", "--proxy", harness.proxy.url,
                "--ca", harness.authorityCertificate,
            ],
            seconds: 180)
        try #require(browser.status == 0, "chromium_websocket.py failed: \(browser.standardError)")
        let tapes = await harness.waitForTapes(1)
        let recorded = try tapes.first.map { try TapeContents(path: $0.path) }
        let upstream = "wss://127.0.0.1:\(echo.port)/game"
        await harness.shutdown()
        await echo.shutdown()
        #expect(tapes.count == 1, "one tape: the page's own load was tunnelled, not recorded")
        let tape = try #require(recorded)
        #expect(tape.metadata.upstreamURL == upstream)
        try Self.expectRecordedExactly(tape, browserOutput: browser.standardOutput)
    }

    static func requireBrowser() throws {
        try #require(HeadlessChromium.found != nil, "no chromium: run `make report-deps`")
        try Peers.requirePython()
    }

    static func expectRecordedExactly(_ tape: TapeContents, browserOutput: String) throws {
        let seen = try JSONSerialization.jsonObject(with: Data(browserOutput.utf8)) as? [String: Any]
        let (sent, received) = ForwardProxyTests.exchanged(browserOutput)
        #expect(sent.count == 4)
        #expect(received == sent, "the echoes came back intact")
        // The proxy negotiates no extension, so nothing was compressed on either leg.
        #expect(seen?["extensions"] as? String == "")
        #expect(tape.end == .complete)
        #expect(tape.records(.c2s, [.text, .binary]).map(\.payload) == sent)
        #expect(tape.records(.s2c, [.text, .binary]).map(\.payload) == received)
        #expect(tape.records(.c2s, [.text, .binary]).map(\.kind) == [.text, .text, .binary, .text])
        #expect(
            tape.metadata.requestHeaders.contains {
                $0.name.lowercased() == "sec-websocket-extensions" && $0.value.contains("permessage-deflate")
            })
        #expect(!tape.metadata.responseHeaders.contains { $0.name.lowercased() == "sec-websocket-extensions" })
        #expect(tape.records.filter { $0.kind == .close }.map(\.closeCode).first == 1000)
    }
}
