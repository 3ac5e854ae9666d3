import Foundation
import TestSupport
import Testing

/// `tapedeck scenario check` and the target options of `scenario run`, through the binary.
@Suite(.ownThread) struct ScenarioCommandTests {
    @Test func checkAcceptsEveryShippedScenario() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck),
            "no \(ChildProcess.tapedeck): run `swift build --build-tests` first")
        let files =
            ShippedScenarioTests.shipped.map { "Scenarios/\($0).scenario" } + ["Scenarios/steps/create-character.scenario"]
        let check = try await ChildProcess.run(ChildProcess.tapedeck, ["scenario", "check"] + files)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        for file in files { #expect(check.standardOutput.contains("ok \(file) ("), "\(check.standardOutput)") }
    }

    @Test func checkRefusesABrokenScenarioWithLineAndColumn() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck))
        let directory = try TemporaryDirectory()
        let file = directory.path + "/broken.scenario"
        try """
        connect
        send createCharacter {"name": "Mei", "lastName": "Lin", "sex": "female"}
        expect purchaseResul where kind == "item"
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let check = try await ChildProcess.run(ChildProcess.tapedeck, ["scenario", "check", file])
        #expect(check.status == 2)
        #expect(
            check.standardOutput.contains(
                "\(file):3:8: error: unknown server message type 'purchaseResul'; did you mean \"purchaseResult\"?"),
            "\(check.standardOutput)")
        #expect(check.standardError.contains("1 of 1 scenario file did not parse"), "\(check.standardError)")
    }

    @Test(arguments: [
        ([] as [String], "give exactly one target: --tape FILE, --server URL or --reference"),
        (["--reference", "--tape", "x.tape"], "give exactly one target"),
        (["--reference", "--match-fields", "eventId"], "--match-fields applies to --tape only"),
        (["--server", "http://localhost/"], "it must start with ws:// or wss://"),
        (["--server", "ws://127.0.0.1:1/wss/", "--seed", "3"], "--seed applies to --reference only"),
    ])
    func runRefusesBadTargetCombinations(arguments: [String], message: String) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck))
        let run = try await ChildProcess.run(ChildProcess.tapedeck, ["scenario", "run", "Scenarios/store.scenario"] + arguments)
        #expect(run.status == 2, "\(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    /// A failing expect against `--reference` exits 1 and prints the diff.
    @Test func runAgainstTheReferenceServerReportsAFailure() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck))
        let directory = try TemporaryDirectory()
        let file = directory.path + "/wrong.scenario"
        try """
        connect
        send createCharacter {"name": "Mei", "lastName": "Lin", "sex": "female"}
        expect playerObject where person.lastName == "Chen"
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let run = try await ChildProcess.run(ChildProcess.tapedeck, ["scenario", "run", file, "--reference"])
        #expect(run.status == 1)
        #expect(
            run.standardOutput.contains("- expected: \"Chen\"") && run.standardOutput.contains("+ actual:   \"Lin\""),
            "\(run.standardOutput)")
    }
}

/// `--server URL --server-clock virtual` against `tapedeck server --clock virtual` (both binaries).
@Suite(.ownThread) struct VirtualClockServerCommandTests {
    @Test func fiveMinuteSessionRunsInVirtualTimeAgainstAStartedServer() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck))
        let server = try ChildProcess(ChildProcess.tapedeck, ["server", "--clock", "virtual"])
        let line = try await server.firstLine()
        guard let url = line?.split(separator: " ").last.map(String.init), line?.hasPrefix("listening on ws://") == true else {
            let finished = await server.finish()
            Issue.record("server said \(line ?? "nothing"): \(finished.standardError)")
            return
        }
        let run = try await ChildProcess.run(
            ChildProcess.tapedeck,
            [
                "scenario", "run", "Scenarios/five-minute-session.scenario",
                "--server", url, "--server-clock", "virtual",
            ])
        let stopped = await server.finish()
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("PASS five-minute-session: 13 passed, 0 failed (301.0 s)"), "\(run.standardOutput)")
        #expect(stopped.status == 0)
    }
}
