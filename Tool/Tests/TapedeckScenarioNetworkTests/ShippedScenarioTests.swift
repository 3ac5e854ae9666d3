import Foundation
import TestSupport
import Testing

/// The acceptance: every shipped scenario (each `.scenario` file of Scenarios/, issue 53) passes
/// against the reference server (`--reference`, started in the command's process on a free
/// loopback port with the faults of the scenario's `server` line, real sockets, virtual time) and,
/// recorded there with `--record-to`, against `--tape` of its own recording. Runs the real
/// `tapedeck` binary.
@Suite(.ownThread) struct ShippedScenarioTests {
    static let shipped: [String] = {
        let folder = ChildProcess.repositoryRoot + "/Scenarios"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".scenario") }.map { String($0.dropLast(".scenario".count)) }.sorted()
    }()

    /// Scenarios of two connections whose second one the server opens with a message.
    static let servedAsOneConnection: Set<String> = ["returning-player"]

    @Test func everyShippedScenarioIsTested() {
        #expect(Self.shipped.count == 19, "\(Self.shipped)")
        #expect(Self.shipped.contains("drop-reconnect") && Self.shipped.contains("refused"))
    }

    /// The documented command, every scenario in one run: each gets the server its line asks for.
    @Test func theDocumentedCommandPassesEveryScenario() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck))
        let files = Self.shipped.map { "Scenarios/\($0).scenario" }
        let run = try await ChildProcess.run(ChildProcess.tapedeck, ["scenario", "run"] + files + ["--reference"])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        for name in Self.shipped { #expect(run.standardOutput.contains("PASS \(name):"), "\(name)") }
        #expect(!run.standardOutput.contains("FAIL "))
    }

    /// `refused.scenario` is about a server that is down: it passes where nothing listens, and with
    /// `--reference` (its `server --refuse-first 1`), and fails against a server that accepts it,
    /// saying the server line's faults are that server's business.
    @Test func theRefusedScenarioPassesOnlyWhereTheConnectionIsRefused() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck))
        let down = try await ChildProcess.run(
            ChildProcess.tapedeck, ["scenario", "run", "Scenarios/refused.scenario", "--server", "ws://127.0.0.1:1/wss/"])
        #expect(down.status == 0, "\(down.standardOutput)\(down.standardError)")
        #expect(down.standardOutput.contains("PASS refused"), "\(down.standardOutput)")
        let reference = try await ChildProcess.run(
            ChildProcess.tapedeck, ["scenario", "run", "Scenarios/refused.scenario", "--reference"])
        #expect(reference.status == 0, "\(reference.standardOutput)\(reference.standardError)")
        let server = try ChildProcess(ChildProcess.tapedeck, ["server", "--listen", "127.0.0.1:0", "--clock", "virtual"])
        let line = try await server.line(startingWith: "listening on ")
        defer { server.signal(SIGTERM) }
        let up = try await ChildProcess.run(
            ChildProcess.tapedeck,
            [
                "scenario", "run", "Scenarios/refused.scenario", "--server", String(line.dropFirst("listening on ".count)),
                "--server-clock", "virtual",
            ])
        #expect(up.status == 1, "\(up.standardOutput)\(up.standardError)")
        #expect(up.standardOutput.contains("opened, but the scenario expected it to be refused"), "\(up.standardOutput)")
        #expect(
            up.standardOutput.contains("note: refused asks for a server with faults (`server --refuse-first 1`)"),
            "\(up.standardOutput)"
        )
    }

    @Test(arguments: shipped)
    func passesAgainstTheReferenceServerAndItsOwnRecording(name: String) async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck),
            "no \(ChildProcess.tapedeck): run `swift build --build-tests` first")
        let directory = try TemporaryDirectory()
        let file = "Scenarios/\(name).scenario"

        let live = try await ChildProcess.run(
            ChildProcess.tapedeck, ["scenario", "run", file, "--reference", "--record-to", directory.path])
        #expect(live.status == 0, "against --reference:\n\(live.standardOutput)\(live.standardError)")
        #expect(live.standardOutput.contains("PASS \(name)"), "\(live.standardOutput)")

        let tape = "\(directory.path)/\(name).tape"
        #expect(FileManager.default.fileExists(atPath: tape))
        // `--tape` serves one connection from its start on every connect, so a scenario that
        // connects again and expects the server to speak first is not served back (not yet).
        guard !Self.servedAsOneConnection.contains(name) else { return }
        let replayed = try await ChildProcess.run(ChildProcess.tapedeck, ["scenario", "run", file, "--tape", tape])
        #expect(replayed.status == 0, "against its recording:\n\(replayed.standardOutput)\(replayed.standardError)")
        #expect(replayed.standardOutput.contains("PASS \(name)"))
        #expect(!replayed.standardOutput.contains("unmatched send"), "\(replayed.standardOutput)")
    }

    /// With the fixed seed and the virtual clock the reference target is deterministic: two runs
    /// record the same messages at the same times (the `open` records differ: they hold the URL,
    /// with its free port).
    @Test func twoReferenceRunsRecordTheSameSession() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck))
        let first = try TemporaryDirectory()
        let second = try TemporaryDirectory()
        for directory in [first, second] {
            let run = try await ChildProcess.run(
                ChildProcess.tapedeck,
                [
                    "scenario", "run", "Scenarios/dating.scenario",
                    "--reference", "--record-to", directory.path,
                ])
            #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        }
        let one = try await ChildProcess.run(ChildProcess.tapedeck, ["cat", "--json", "\(first.path)/dating.tape"])
        let two = try await ChildProcess.run(ChildProcess.tapedeck, ["cat", "--json", "\(second.path)/dating.tape"])
        #expect(one.status == 0 && two.status == 0, "\(one.standardError)\(two.standardError)")
        func withoutOpen(_ text: String) -> [Substring] {
            text.split(separator: "\n").filter { !$0.contains(#""kind":"open""#) }
        }
        let records = withoutOpen(one.standardOutput)
        #expect(records.count > 20)
        #expect(records == withoutOpen(two.standardOutput))
    }
}

/// A directory under the system's temporary directory, removed when the value goes away.
/// `@unchecked Sendable`: its one property is a constant.
final class TemporaryDirectory: @unchecked Sendable {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "tapedeck-live-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
