import Foundation
import TapedeckTape
import TestSupport
import Testing

/// Headless Chromium's own WebSocket (it offers permessage-deflate) through the recording proxy in
/// reverse mode to an echo server: the page gets its messages back intact, and the tape holds,
/// byte for byte and in order, what the page sent and what the server sent back.
@Suite(
    .tags(.integration),
    .enabled(if: HeadlessChromium.found != nil || HeadlessChromium.required, "no chromium: run `make report-deps`"))
struct ChromiumReverseProxyTests {
    @Test func chromiumsWebSocketIsRecordedExactly() async throws {
        try #require(HeadlessChromium.found != nil, "no chromium: run `make report-deps`")
        try #require(FileManager.default.isExecutableFile(atPath: TestPaths.python), "run `make pydeps` first")
        let echo = try await EchoServer()
        let harness = try await ProxyHarness(upstreamPort: echo.port, name: "chromium")
        let browser = try await ChildProcess.run(
            TestPaths.python,
            [ChildProcess.packageRoot + "/Tests/TapedeckCLITests/Peers/chromium_websocket.py", "--ws", harness.proxy.url + "/"],
            seconds: 180)
        try #require(browser.status == 0, "chromium_websocket.py failed: \(browser.standardError)")
        let tapes = await harness.waitForTapes(1)
        let recorded = try tapes.first.map { try TapeContents(path: $0.path) }
        await harness.shutdown()
        await echo.shutdown()

        let seen = try JSONSerialization.jsonObject(with: Data(browser.standardOutput.utf8)) as? [String: Any]
        func bytes(_ value: Any) -> [UInt8] {
            if let text = value as? String { return Array(text.utf8) }
            if let base64 = (value as? [String: String])?["base64"] { return Array(Data(base64Encoded: base64) ?? Data()) }
            return []
        }
        let sent = (seen?["sent"] as? [Any] ?? []).map(bytes)
        let received = (seen?["received"] as? [Any] ?? []).map(bytes)
        #expect(sent.count == 4)
        #expect(received == sent, "the echoes came back intact")
        // The proxy negotiates no extension, so nothing was compressed on either leg.
        #expect(seen?["extensions"] as? String == "")

        #expect(tapes.count == 1)
        let tape = try #require(recorded)
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
