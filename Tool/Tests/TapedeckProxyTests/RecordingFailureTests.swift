import Foundation
import TapedeckWebSocket
import TestSupport
import Testing

/// Issue 23, finding 5: when a tape cannot be written the session must not go on unrecorded while
/// the team believes it is recorded. The app's connection is closed with 1011 and the reason, the
/// problem is reported (the CLI prints it on standard error), and other sessions are not affected.
@Suite(.ownThread) struct RecordingFailureTests {
    @Test func aTapeThatCannotBeWrittenClosesTheAppWith1011() async throws {
        let server = try await EchoServer()
        let harness = try await ProxyHarness(upstreamPort: server.port, name: "recording-failure")
        let recorded = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/")
        try await recorded.send(text: "recorded")
        #expect(try await recorded.receiveText() == Array("recorded".utf8))

        // The writer opens a tape on its own thread, after the relay has begun: wait until the
        // first session's tape is there, or it fails to open too.
        #expect(await eventually { harness.tapeFiles.count == 1 }, "the first session's tape was never created")
        // The output folder disappears under the running proxy: the next tape cannot be created.
        try FileManager.default.removeItem(atPath: harness.folder)
        let unrecorded = try await WebSocketClient.connect(host: "127.0.0.1", port: harness.proxy.port, path: "/")
        var event = try await unrecorded.receive(timeout: .seconds(30))
        if case .message = event {
            Issue.record("the proxy relayed a message of a session it cannot record: \(event)")
            event = try await unrecorded.receive(timeout: .seconds(30))
        }
        #expect(event == .closed(code: 1011))
        let problems = harness.problems
        #expect(problems.count == 1)
        #expect(problems.first?.contains("recording stopped") == true, "\(problems)")
        #expect(problems.first?.contains(harness.folder) == true, "\(problems)")

        // The session opened before the failure goes on.
        try await recorded.send(text: "still relayed")
        #expect(try await recorded.receiveText() == Array("still relayed".utf8))
        await recorded.close()
        await unrecorded.close()
        await harness.shutdown()
        await server.shutdown()
    }
}
