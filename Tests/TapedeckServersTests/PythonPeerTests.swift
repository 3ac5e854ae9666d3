import Foundation
import TapedeckWebSocket
import TestSupport
import Testing

/// An independent client — Python's `websockets` package (installed by `make pydeps`) — plays a
/// session against an in-process server and checks every envelope it receives.
@Suite(.tags(.integration)) struct PythonPeerTests {
    static let packageRoot = URL(fileURLWithPath: ChildProcess.packageRoot)

    @Test func pythonWebsocketsClientPlaysASession() async throws {
        let python = URL(fileURLWithPath: ChildProcess.python)
        let script = Self.packageRoot.appendingPathComponent("Tests/TapedeckServersTests/Peers/play_session.py")
        try #require(
            FileManager.default.isExecutableFile(atPath: python.path),
            "no \(python.path): run `make pydeps` (it creates .venv with websockets)")
        try await withServer { server in
            let result = try await ChildProcess.run(python.path, [script.path, server.url], seconds: 120)
            #expect(result.status == 0, "peer failed: \(result.standardError)\(result.standardOutput)")
            #expect(result.standardOutput.hasPrefix("ok: "), "\(result.standardOutput)")
            #expect(result.standardOutput.contains("questionEvent") && result.standardOutput.contains("matchResult"))
        }
    }
}
