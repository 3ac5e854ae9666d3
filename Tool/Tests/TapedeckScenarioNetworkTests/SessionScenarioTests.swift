import Foundation
import TapedeckScenario
import TestSupport
import Testing

/// The session scenarios (issue 43) pass against `tapedeck server` started with the faults their
/// `server` lines name (issue 53: the line's options are the command's own), and fail against a
/// server without them: `expect dropped`, `expect closed 4001` and the refused connects wait for
/// what the faulty server does. Runs the real `tapedeck` binary.
@Suite(.tags(.integration), .ownThread) struct SessionScenarioTests {
    static let flows: [(scenario: String, withoutFaults: String)] = [
        ("drop-reconnect", "expect dropped within 10s: the connection was still open after 10s"),
        ("claim-in-flight", "expect dropped within 10s"),
        ("close-code", "expect closed 4001 within 10s"),
        ("refused-then-accepted", "opened, but the scenario expected it to be refused"),
        ("refused", "opened, but the scenario expected it to be refused"),
    ]

    /// The options of the scenario's `server` line.
    static func faults(_ scenario: String) throws -> [String] {
        let parsed = try ScenarioParser().parse(file: "\(ChildProcess.repositoryRoot)/Scenarios/\(scenario).scenario")
        return try #require(parsed.server, "\(scenario).scenario has no server line").arguments
    }

    static func run(_ scenario: String, serverOptions: [String]) async throws -> ChildProcess.Finished {
        let server = try ChildProcess(
            ChildProcess.tapedeck, ["server", "--listen", "127.0.0.1:0", "--clock", "virtual"] + serverOptions)
        let line = try await server.line(startingWith: "listening on ")
        let url = String(line.dropFirst("listening on ".count))
        defer { server.signal(SIGTERM) }
        return try await ChildProcess.run(
            ChildProcess.tapedeck,
            ["scenario", "run", "Scenarios/\(scenario).scenario", "--server", url, "--server-clock", "virtual"])
    }

    @Test(arguments: flows.indices)
    func passesAgainstTheFaultyServerOnly(index: Int) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck))
        let flow = Self.flows[index]
        let faulty = try await Self.run(flow.scenario, serverOptions: try Self.faults(flow.scenario))
        #expect(faulty.status == 0, "\(faulty.standardOutput)\(faulty.standardError)")
        #expect(faulty.standardOutput.contains("PASS \(flow.scenario):"), "\(faulty.standardOutput)")
        let plain = try await Self.run(flow.scenario, serverOptions: [])
        #expect(plain.status == 1, "\(plain.standardOutput)\(plain.standardError)")
        #expect(plain.standardOutput.contains(flow.withoutFaults), "\(plain.standardOutput)")
    }
}
