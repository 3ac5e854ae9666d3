import Foundation
import Testing

/// Issue 23, finding 10: a scenario that sends more than the reference server's 1 MiB limit is
/// told the server's close code 1009, not "Connection reset by peer".
@Suite struct ScenarioMessageLimitTests {
    @Test func aMessageOverTheServersLimitReports1009() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = directory.appendingPathComponent("big.scenario")
        let name = String(repeating: "x", count: 1100 * 1024)
        try Data(
            ("connect\nsend createCharacter {\"name\": \"\(name)\", \"lastName\": \"Lin\", \"sex\": \"female\", "
                + "\"interests\": [\"music\"]}\nexpect playerObject within 5s\n").utf8
        ).write(to: scenario)
        let run = try await TapedeckBinary.runProcess(
            "/usr/bin/timeout",
            [
                "60", try TapedeckBinary.executable(), "scenario", "run",
                "--reference", scenario.path,
            ])
        #expect(run.status == 1, "\(run.stdout) \(run.stderr)")
        #expect(run.stdout.contains("expected playerObject: the server closed the connection (code 1009)"), "\(run.stdout)")
        #expect(!run.stdout.contains("reset by peer"), "\(run.stdout)")
    }
}
