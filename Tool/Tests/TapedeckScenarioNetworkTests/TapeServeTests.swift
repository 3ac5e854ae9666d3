import Foundation
import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckScenario
import TapedeckScenarioNetwork
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

/// `tapedeck serve` (the binary, as a child process) answers a Python `websockets` client with the
/// recorded server messages, in answer to the recorded client messages.
@Suite(.ownThread) struct TapeServeTests {
    /// Records store.scenario against the in-process reference server into `path`.
    static func recordStoreScenario(to path: String) async throws {
        let scenario = try ScenarioParser().parse(file: ChildProcess.repositoryRoot + "/Scenarios/store.scenario")
        let reference = try await ReferenceScenarioTarget.start()
        let recorder = RecordingTransport(
            wrapping: reference.transport, path: path,
            metadata: TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "tapedeck tests"),
            clock: reference.clock)
        let result = await ScenarioRunner(
            scenario: scenario, transport: recorder, clock: reference.clock,
            options: .init(serverURL: reference.url)
        ).run()
        await reference.stop()
        try recorder.finish()
        #expect(result.passed, "\(ScenarioReport.text(for: result))")
    }

    /// The tape cut the way `RecordedSessionPlayer` cuts it: the greeting, then each client message
    /// with the server messages recorded after it.
    static func script(of path: String) throws -> (greeting: [String], exchanges: [(send: String, expect: [String])]) {
        let reader = try TapeReader(path: path)
        var greeting: [String] = []
        var exchanges: [(send: String, expect: [String])] = []
        while let record = try reader.next() {
            guard record.connection == 0, record.kind == .text else { continue }
            let text = String(decoding: record.payload, as: UTF8.self)
            if record.direction == .c2s {
                exchanges.append((text, []))
            } else if exchanges.isEmpty {
                greeting.append(text)
            } else {
                exchanges[exchanges.count - 1].expect.append(text)
            }
        }
        return (greeting, exchanges)
    }

    @Test func pythonClientReceivesTheRecordedAnswers() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck),
            "no \(ChildProcess.tapedeck): run `swift build --build-tests` first")
        try Peers.requirePython()
        let directory = try TemporaryDirectory()
        let tape = directory.path + "/store.tape"
        try await Self.recordStoreScenario(to: tape)
        let (greeting, exchanges) = try Self.script(of: tape)
        #expect(exchanges.count >= 6)
        #expect(exchanges.allSatisfy { !$0.expect.isEmpty })

        let unmatched = #"{"type":"requestStatistics","message":{}}"#
        let json: JSONValue = .object([
            "greeting": .array(greeting.map(JSONValue.string)),
            "exchanges": .array(
                exchanges.map { .object(["send": .string($0.send), "expect": .array($0.expect.map(JSONValue.string))]) }),
            "unmatched": .string(unmatched),
        ])
        let scriptPath = directory.path + "/exchanges.json"
        try json.canonicalJSONString(pretty: false).write(toFile: scriptPath, atomically: true, encoding: .utf8)

        let serve = try ChildProcess(ChildProcess.tapedeck, ["serve", tape, "--listen", "127.0.0.1:0", "--timing", "fast"])
        let firstLine = try await serve.firstLine()
        guard let firstLine, let url = firstLine.split(separator: " ").last.map(String.init),
            firstLine.hasPrefix("serving \(tape) on ws://127.0.0.1:"),
            url.hasSuffix("/wss/")
        else {
            let finished = await serve.finish()
            Issue.record("unexpected first line \(firstLine ?? "(none)"): \(finished.standardError)")
            return
        }
        let peer = try await ChildProcess.run(
            ChildProcess.python,
            [Peers.script("TapedeckScenarioNetworkTests", "replay_client.py"), url, scriptPath])
        let served = await serve.finish()
        #expect(peer.status == 0, "peer failed: \(peer.standardError)")
        #expect(served.status == 0, "serve: \(served.standardError)")

        let expected = greeting + exchanges.flatMap(\.expect)
        let output = try JSONValue.parse(Array(peer.standardOutput.utf8))
        guard case .array(let connections)? = output.value(at: "connections"), connections.count == 2 else {
            Issue.record("peer output: \(peer.standardOutput)")
            return
        }
        #expect(connections[0] == .array(expected.map(JSONValue.string)))
        // The second connection replays from the start, and the first offered subprotocol was accepted.
        #expect(connections[1] == .array((["subprotocol=baolife.v1"] + expected).map(JSONValue.string)))
        // The unmatched message was reported and answered with nothing (the next message read was
        // the first exchange's recorded answer, checked above).
        #expect(
            served.standardError.contains(
                "unmatched send #1 requestStatistics: the tape's next client message is createCharacter"),
            "\(served.standardError)")
        #expect(served.standardError.contains("connection 2: opened"))
    }
}
