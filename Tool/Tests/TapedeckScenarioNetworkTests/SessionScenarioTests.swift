import Foundation
import TestSupport
import Testing

/// The session scenarios (issue 43) pass against `tapedeck server` with the faults their headers
/// name, and fail against a server without them: `expect dropped`, `expect closed 4001` and the
/// refused connects wait for what the faulty server does. Runs the real `tapedeck` binary.
@Suite(.tags(.integration), .ownThread) struct SessionScenarioTests {
    static let flows: [(scenario: String, faults: [String], withoutFaults: String)] = [
        (
            "drop-reconnect", ["--drop-on", "purchaseItem", "--fault-connections", "1"],
            "expect dropped within 10s: the connection was still open after 10s"
        ),
        ("claim-in-flight", ["--drop-on", "claimEvent", "--fault-connections", "1"], "expect dropped within 10s"),
        (
            "close-code", ["--close-after", "5", "--close-code", "4001", "--fault-connections", "1"],
            "expect closed 4001 within 10s"
        ),
        ("refused-then-accepted", ["--refuse-first", "2"], "opened, but the scenario expected it to be refused"),
    ]

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
        let faulty = try await Self.run(flow.scenario, serverOptions: flow.faults)
        #expect(faulty.status == 0, "\(faulty.standardOutput)\(faulty.standardError)")
        #expect(faulty.standardOutput.contains("PASS \(flow.scenario):"), "\(faulty.standardOutput)")
        let plain = try await Self.run(flow.scenario, serverOptions: [])
        #expect(plain.status == 1, "\(plain.standardOutput)\(plain.standardError)")
        #expect(plain.standardOutput.contains(flow.withoutFaults), "\(plain.standardOutput)")
    }
}
