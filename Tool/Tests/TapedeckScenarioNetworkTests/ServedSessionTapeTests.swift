import Foundation
import TestSupport
import Testing

/// `tapedeck serve` on the corpus's session tapes (issue 43), with Tapedeck's scenario runner as
/// the real client (`scenario run --server`): a client that follows the recording (connects, is
/// dropped, closed or refused as recorded, reconnects) gets each recorded connection in turn and
/// passes `serve --verify`; one that never reconnects fails it. Runs the real `tapedeck` binary.
@Suite(.tags(.integration), .ownThread) struct ServedSessionTapeTests {
    /// Each session flow and what serve reports of its recorded ends.
    static let flows: [(flow: String, reports: [String])] = [
        (
            "drop-reconnect",
            [
                "connection 1: the recording drops the connection here, without a close frame (server connection ended without a close frame)",
                "connection 2: opened",
            ]
        ),
        (
            "claim-in-flight",
            ["connection 1: the recording drops the connection here, without a close frame", "connection 2: opened"]
        ),
        ("close-code", ["connection 1: the recording closes here with 4001", "connection 2: opened"]),
        (
            "refused-then-accepted",
            [
                "connection 1: the recording refused this upgrade; answering 503 (upgrade failed: upstream answered 503 Service Unavailable)",
                "connection 2: the recording refused this upgrade; answering 503",
                "connection 3: opened",
            ]
        ),
    ]

    /// A drop-reconnect client that stops at the drop, and a refused-then-accepted one that stops
    /// at the first refusal.
    static let withoutReconnect: [String: String] = [
        "drop-reconnect": """
        ignore u, batch_update
        connect ws://reference.test/wss/?player=mei
        send createCharacter {"name": "Mei", "lastName": "Lin", "sex": "female", "interests": ["music", "hiking"]}
        expect playerObject where person.name == "Mei" within 10s
        send purchaseItem {"itemId": "teddy"}
        expect dropped within 10s
        """,
        "refused-then-accepted": """
        connect refused
        """,
    ]

    struct Run {
        var serve: ChildProcess.Finished
        var client: ChildProcess.Finished
    }

    /// Serves `Recordings/FLOW.tape` (fast timing, plus `options`) and plays `scenario` against it.
    /// With `interrupt`, serve gets SIGINT once the client is done (under `--verify` it would wait
    /// for the connection the client never opens).
    static func serve(_ flow: String, scenario: String, options: [String] = [], interrupt: Bool = false) async throws -> Run {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck), "run `swift build --build-tests` first")
        let serve = try ChildProcess(
            ChildProcess.tapedeck, ["serve", "Recordings/\(flow).tape", "--listen", "127.0.0.1:0", "--timing", "fast"] + options)
        let first = try await serve.line(startingWith: "serving ")
        let url = String(first.split(separator: " ").last ?? "")
        let client = try await ChildProcess.run(
            ChildProcess.tapedeck, ["scenario", "run", scenario, "--server", url, "--verbose"])
        if interrupt { serve.signal(SIGINT) } else if !options.contains("--verify") { serve.signal(SIGTERM) }
        return Run(serve: await serve.wait(), client: client)
    }

    @Test(arguments: flows.indices)
    func aClientThatFollowsTheRecordingGetsEachConnectionInTurn(index: Int) async throws {
        let (flow, reports) = Self.flows[index]
        let run = try await Self.serve(flow, scenario: "Scenarios/\(flow).scenario")
        #expect(run.client.status == 0, "\(run.client.standardOutput)\(run.client.standardError)")
        #expect(run.client.standardOutput.contains("PASS \(flow):"), "\(run.client.standardOutput)")
        for report in reports {
            #expect(run.serve.standardError.contains("tapedeck serve: \(report)"), "\(run.serve.standardError)")
        }
        #expect(!run.serve.standardError.contains("unmatched send"), "\(run.serve.standardError)")
    }

    /// The refusals reach the client as the HTTP status the recording holds.
    @Test func aRecordedRefusalIsAnswered503() async throws {
        let run = try await Self.serve("refused-then-accepted", scenario: "Scenarios/refused-then-accepted.scenario")
        let refusals = run.client.standardOutput.split(separator: "\n").filter { $0.contains("refused, as expected") }
        #expect(refusals.count == 2, "\(run.client.standardOutput)")
        for refusal in refusals {
            #expect(refusal.hasSuffix("the server refused the WebSocket upgrade with HTTP 503"), "\(refusal)")
        }
    }

    @Test(arguments: [
        ("drop-reconnect", "PASS: the client sent all 2 recorded client messages in order on 2 connections"),
        ("refused-then-accepted", "PASS: the client sent all 1 recorded client messages in order on 3 connections"),
    ])
    func verifyPassesAClientThatReconnectsAsRecorded(flow: String, verdict: String) async throws {
        let run = try await Self.serve(flow, scenario: "Scenarios/\(flow).scenario", options: ["--verify", "--timeout", "60"])
        #expect(run.client.status == 0, "\(run.client.standardOutput)")
        #expect(run.serve.status == 0, "\(run.serve.output)\n\(run.serve.standardError)")
        #expect(run.serve.output.contains(verdict), "\(run.serve.output)")
        #expect(
            run.serve.standardError.contains("tapedeck serve: the client is done, shutting down"), "\(run.serve.standardError)")
    }

    @Test(arguments: [
        (
            "drop-reconnect",
            [
                "FAIL: 1 difference from the recording (2 client messages on 2 connections)",
                "connection 2: the tape recorded this connection; the client never opened it",
            ]
        ),
        (
            "refused-then-accepted",
            [
                "FAIL: 2 differences from the recording (1 client messages on 3 connections)",
                "connection 2: the tape recorded this connection; the client never opened it",
                "connection 3, record 5: createCharacter was never sent",
            ]
        ),
    ])
    func verifyFailsAClientThatNeverReconnects(flow: String, verdict: [String]) async throws {
        let directory = try TemporaryDirectory()
        let scenario = directory.path + "/\(flow)-once.scenario"
        try (Self.withoutReconnect[flow] ?? "").write(toFile: scenario, atomically: true, encoding: .utf8)
        let run = try await Self.serve(flow, scenario: scenario, options: ["--verify", "--timeout", "60"], interrupt: true)
        #expect(run.client.status == 0, "the client passes its own steps: \(run.client.standardOutput)")
        #expect(run.serve.status == 1, "\(run.serve.output)\n\(run.serve.standardError)")
        #expect(run.serve.output.dropFirst() == verdict[...], "\(run.serve.output)")
    }
}
