import Foundation
import TapedeckTestFixtures
import TestSupport
import Testing

/// The live status line of `tapedeck record` on standard error: open connections, messages per
/// second, messages and bytes recorded, tapes closed.
@Suite(.serialized, .tags(.integration), .ownThread) struct RecordStatusLineTests {
    static let pattern = #"^(\d+) connections?, (\d+) msg/s, (\d+) messages, (\d+ (B|KiB|MiB)) recorded, (\d+) tapes? closed$"#

    /// The numbers of a status line: connections, messages, tapes closed.
    static func numbers(_ line: String) -> (connections: Int, messages: Int, closed: Int)? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line))
        else { return nil }
        let field = { (index: Int) in Int((line as NSString).substring(with: match.range(at: index))) ?? -1 }
        return (field(1), field(3), field(6))
    }

    @Test func statusLineShowsConnectionsMessagesAndTapes() async throws {
        try Peers.requirePython()
        let folder = try TestFolder("tapedeck-proxy-status").path
        let echo = try ChildProcess(ChildProcess.python, [Peers.proxy("echo_server.py")])
        let (recorder, url) = try await RecordCommandTests.startRecorder(
            upstreamPort: try await echo.port(), folder: folder,
            extra: ["--status-interval", "0.2"])
        let stream = try ChildProcess(ChildProcess.python, [Peers.proxy("stream_client.py"), url, "200", "2"])
        _ = try await stream.line(startingWith: "connected")
        // While the session runs: one connection and messages recorded.
        let live = try await recorder.errorLine { line in
            Self.numbers(line).map { $0.connections == 1 && $0.messages > 0 } ?? false
        }
        let sent = await stream.wait().output.last ?? ""
        let count = try #require(Int(sent.dropFirst("sent ".count)))
        // After it: no connection, one tape closed, every message in both directions counted.
        let after = try await recorder.errorLine(after: live.index + 1) { line in
            Self.numbers(line).map { $0.connections == 0 && $0.closed == 1 } ?? false
        }
        // Every message sent is on the tape; the echoes of the last few may not be (the echo server
        // answers the client's close before echoing what it still had queued), so the figure to
        // match is the tape's own count.
        let tape = try TapeContents(path: try #require(TestFolder.tapes(in: folder).first))
        #expect(tape.records(.c2s, [.text]).count == count)
        let recorded = tape.records(.c2s, [.text]).count + tape.records(.s2c, [.text]).count
        #expect(Self.numbers(after.line)?.messages == recorded, "\(after.line), sent \(count), on the tape \(recorded)")
        recorder.signal(SIGINT)
        let stopped = await recorder.wait()
        #expect(stopped.status == 0)
        #expect(stopped.standardError.contains("tapedeck record: 1 tape, \(recorded) messages, "), "\(stopped.standardError)")
        echo.signal(SIGKILL)
        await echo.wait()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
