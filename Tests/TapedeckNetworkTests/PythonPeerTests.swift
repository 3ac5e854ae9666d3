import Foundation
import Testing
import TapedeckNetwork

/// An independent client — Python's `websockets` package (installed by `make pydeps`) — plays a
/// session against an in-process server and checks every envelope it receives.
@Suite struct PythonPeerTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func pythonWebsocketsClientPlaysASession() async throws {
        let python = Self.packageRoot.appendingPathComponent(".venv/bin/python")
        let script = Self.packageRoot.appendingPathComponent("Tests/TapedeckNetworkTests/Peers/play_session.py")
        try #require(FileManager.default.isExecutableFile(atPath: python.path),
                     "no \(python.path): run `make pydeps` (it creates .venv with websockets)")
        try await withServer { server in
            let result = try await PeerProcess.run(python, arguments: [script.path, server.url], timeoutSeconds: 120)
            #expect(result.status == 0, "peer failed: \(result.standardError)\(result.standardOutput)")
            #expect(result.standardOutput.hasPrefix("ok: "), "\(result.standardOutput)")
            #expect(result.standardOutput.contains("questionEvent") && result.standardOutput.contains("matchResult"))
        }
    }
}

/// Runs a process to its end, killing it when it takes longer than the timeout.
enum PeerProcess {
    struct Result: Sendable {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static func run(_ executable: URL, arguments: [String], timeoutSeconds: Double) async throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds) {
                if process.isRunning, process.processIdentifier == pid { process.terminate() }
            }
        }
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Result(status: status, standardOutput: out, standardError: err)
    }
}
