import Foundation
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// An independent client — Python's `websockets` package (installed by `make pydeps`) — plays a
/// session against an in-process server and checks every envelope it receives.
@Suite(.tags(.integration), .ownThread) struct PythonPeerTests {
    @Test func pythonWebsocketsClientPlaysASession() async throws {
        try Peers.requirePython()
        let script = Peers.script("TapedeckServersTests", "play_session.py")
        try await withServer { server in
            let result = try await ChildProcess.run(ChildProcess.python, [script, server.url], seconds: 120)
            #expect(result.status == 0, "peer failed: \(result.standardError)\(result.standardOutput)")
            #expect(result.standardOutput.hasPrefix("ok: "), "\(result.standardOutput)")
            #expect(result.standardOutput.contains("questionEvent") && result.standardOutput.contains("matchResult"))
        }
    }
}
