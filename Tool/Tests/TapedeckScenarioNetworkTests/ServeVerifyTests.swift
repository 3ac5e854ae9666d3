import Foundation
import TapedeckCore
import TapedeckProtocol
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

/// `tapedeck serve --verify` (the binary) judges a Python `websockets` client that plays a client
/// build: the recorded client side exactly, or with a changed field, a missing message or an
/// extra one. The tape holds two recorded connections, served in turn.
@Suite(.tags(.integration), .ownThread) struct ServeVerifyTests {
    static let greeting = #"{"type":"playerObject","message":{"name":"Mei"}}"#
    static let create = #"{"type":"createCharacter","message":{"name":"Mei","createdAt":"2026-01-01T08:00:00Z"}}"#
    static let focus = #"{"type":"setFocus","message":{"focus":"career"}}"#
    static let swipe = #"{"type":"swipe","message":{"personId":"p1","direction":"right"}}"#
    static let statistics = #"{"type":"requestStatistics","message":{}}"#

    /// Records (numbered from 0): 0 open, 1 greeting, 2 createCharacter, 3 answer, 4 setFocus,
    /// 5 answer, 6 swipe, 7 answer, 8 close; then connection 1: 9 open, 10 greeting,
    /// 11 requestStatistics, 12 answer.
    static func writeTape(to path: String) throws {
        let writer = try TapeWriter(
            path: path,
            metadata: TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "tapedeck tests", requestTarget: "/game/ws?v=3"))
        var time: UInt64 = 0
        func record(_ connection: UInt32, _ direction: TapeRecord.Direction, _ kind: TapeRecord.Kind, _ text: String = "") throws
        {
            time += 1_000_000
            try writer.append(
                TapeRecord(
                    time: time, connection: connection, direction: direction, kind: kind,
                    closeCode: kind == .close ? 1000 : nil, payload: Array(text.utf8)))
        }
        try record(0, .c2s, .open)
        try record(0, .s2c, .text, greeting)
        try record(0, .c2s, .text, create)
        try record(0, .s2c, .text, #"{"type":"u","message":{"energy":100}}"#)
        try record(0, .c2s, .text, focus)
        try record(0, .s2c, .text, #"{"type":"u","message":{"energy":90}}"#)
        try record(0, .c2s, .text, swipe)
        try record(0, .s2c, .text, #"{"type":"matchResult","message":{"matched":true}}"#)
        try record(0, .c2s, .close)
        try record(1, .c2s, .open)
        try record(1, .s2c, .text, greeting)
        try record(1, .c2s, .text, statistics)
        try record(1, .s2c, .text, #"{"type":"playerStatistics","message":{"days":1}}"#)
        try writer.close()
    }

    struct Run {
        var status: Int32
        var output: String
        var errors: String
        var received: JSONValue?
        var junit: String?
    }

    /// Serves the tape with `--verify` plus `options`, plays `connections` with the Python client
    /// (reading `expect` messages, see verify_client.py; trusting `ca` for wss://). With `interrupt`, serve gets SIGINT once the client is done (it would wait for the next
    /// recorded connection until --timeout otherwise).
    static func verify(
        _ connections: [[String]], expect: [[Int]]? = nil, options: [String] = [], ca: String? = nil,
        interrupt: Bool = false
    ) async throws -> Run {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck), "run `swift build --build-tests` first")
        try Peers.requirePython()
        let directory = try TemporaryDirectory()
        let tape = directory.path + "/two-connections.tape"
        try writeTape(to: tape)
        let sends = directory.path + "/sends.json"
        var script: [String: JSONValue] = ["connections": .array(connections.map { .array($0.map(JSONValue.string)) })]
        if let expect { script["expect"] = .array(expect.map { .array($0.map(JSONValue.int)) }) }
        try JSONValue.object(script).canonicalJSONString(pretty: false).write(toFile: sends, atomically: true, encoding: .utf8)
        let junit = directory.path + "/verdict.xml"
        let serve = try ChildProcess(
            ChildProcess.tapedeck,
            ["serve", tape, "--verify", "--listen", "127.0.0.1:0", "--timing", "fast", "--timeout", "60", "--junit", junit]
                + options)
        let first = try await serve.line(startingWith: "serving ")
        let url = String(first.split(separator: " ").last ?? "")
        #expect(url.hasSuffix("/game/ws"), "serves the recorded path: \(first)")
        let peer = try await ChildProcess.run(
            ChildProcess.python,
            [Peers.script("TapedeckScenarioNetworkTests", "verify_client.py"), url, sends]
                + (ca.map { [$0] } ?? []))
        #expect(peer.status == 0, "client failed: \(peer.standardError)")
        if interrupt { serve.signal(SIGINT) }
        let served = await serve.wait(seconds: 90)
        return Run(
            status: served.status, output: served.standardOutput, errors: served.standardError,
            received: try? JSONValue.parse(Array(peer.standardOutput.utf8)),
            junit: try? String(contentsOfFile: junit, encoding: .utf8))
    }

    /// The JUnit file's totals, read by Python's XML parser (an independent reader).
    static func junitTotals(_ xml: String?) async throws -> String {
        let directory = try TemporaryDirectory()
        try (xml ?? "").write(toFile: directory.path + "/j.xml", atomically: true, encoding: .utf8)
        let python = """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            cases = root.findall('./testsuite/testcase')
            print(root.tag, root.get('tests'), root.get('failures'), len(cases), sum(1 for c in cases if c.find('failure') is not None))
            """
        let run = try await ChildProcess.run(ChildProcess.python, ["-c", python, directory.path + "/j.xml"])
        #expect(run.status == 0, "not well-formed XML: \(run.standardError)\n\(xml ?? "")")
        return run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aClientThatPlaysTheRecordedSidePasses() async throws {
        // The client reads exactly what the recording answers: 1 greeting and 1 answer a send.
        let run = try await Self.verify(
            [[Self.create, Self.focus, Self.swipe], [Self.statistics]], expect: [[1, 1, 1, 1], [1, 1]])
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        #expect(
            run.output.contains("PASS: the client sent all 4 recorded client messages in order on 2 connections"), "\(run.output)"
        )
        // Each connection got its own recorded session: the answers of connection 0, then of 1.
        #expect(
            run.received?.value(at: "received")
                == .array([
                    .array(
                        [
                            Self.greeting, #"{"type":"u","message":{"energy":100}}"#, #"{"type":"u","message":{"energy":90}}"#,
                            #"{"type":"matchResult","message":{"matched":true}}"#,
                        ].map(JSONValue.string)),
                    .array([Self.greeting, #"{"type":"playerStatistics","message":{"days":1}}"#].map(JSONValue.string)),
                ]))
        #expect(try await Self.junitTotals(run.junit) == "testsuites 4 0 4 0")
    }

    @Test func overWSSWithAGeneratedCertificate() async throws {
        let directory = try TemporaryDirectory()
        let run = try await Self.verify(
            [[Self.create, Self.focus, Self.swipe], [Self.statistics]],
            options: ["--generate-cert", "--tls-dir", directory.path], ca: directory.path + "/ca.pem")
        #expect(run.status == 0, "\(run.output)\n\(run.errors)")
        #expect(run.output.contains(" on wss://127.0.0.1:"), "\(run.output)")
        #expect(run.errors.contains("tapedeck serve: made \(directory.path)/cert.pem signed by \(directory.path)/ca.pem"))
    }

    @Test func aChangedFieldFailsWithTheRecordedAgainstTheSentValue() async throws {
        let changed = #"{"type":"setFocus","message":{"focus":"health"}}"#
        let run = try await Self.verify([[Self.create, changed, Self.swipe], [Self.statistics]])
        #expect(run.status == 1, "\(run.output)\n\(run.errors)")
        #expect(run.output.contains("FAIL: 1 difference from the recording"), "\(run.output)")
        #expect(run.output.contains("connection 1, record 4: setFocus (send #2) was sent with changed fields"))
        #expect(
            run.output.contains("    recorded: −, sent: +\n    − focus: \"career\"\n    + focus: \"health\"\n"), "\(run.output)")
        #expect(try await Self.junitTotals(run.junit) == "testsuites 4 1 4 1")
    }

    @Test func ignoredFieldsMayDiffer() async throws {
        let later = #"{"type":"createCharacter","message":{"name":"Mei","createdAt":"2026-11-23T23:59:00Z"}}"#
        let failing = try await Self.verify([[later, Self.focus, Self.swipe], [Self.statistics]])
        #expect(failing.status == 1)
        #expect(failing.output.contains("record 2: createCharacter (send #1) was sent with changed fields"), "\(failing.output)")
        let passing = try await Self.verify(
            [[later, Self.focus, Self.swipe], [Self.statistics]], options: ["--ignore-fields", "createdAt"])
        #expect(passing.status == 0, "\(passing.output)\n\(passing.errors)")
    }

    @Test func aMissingMessageFails() async throws {
        let run = try await Self.verify([[Self.create, Self.swipe], [Self.statistics]])
        #expect(run.status == 1, "\(run.output)\n\(run.errors)")
        #expect(run.output.contains("FAIL: 1 difference from the recording"), "\(run.output)")
        #expect(run.output.contains("connection 1, record 4: setFocus was never sent"), "\(run.output)")
        #expect(try await Self.junitTotals(run.junit) == "testsuites 4 1 4 1")
    }

    @Test func anExtraMessageFailsAndGetsNoAnswer() async throws {
        let run = try await Self.verify([[Self.create, Self.focus, Self.statistics, Self.swipe], [Self.statistics]])
        #expect(run.status == 1, "\(run.output)\n\(run.errors)")
        #expect(
            run.output.contains(
                "connection 1, send #3: unexpected requestStatistics; the recording's next client message is swipe (record 6)"),
            "\(run.output)")
        #expect(try await Self.junitTotals(run.junit) == "testsuites 5 1 5 1")
    }

    @Test func aClientThatNeverReconnectsMissesTheSecondSession() async throws {
        let run = try await Self.verify([[Self.create, Self.focus, Self.swipe]], interrupt: true)
        #expect(run.status == 1, "\(run.output)\n\(run.errors)")
        #expect(run.output.contains("FAIL: 1 difference from the recording"), "\(run.output)")
        #expect(run.output.contains("connection 2, record 11: requestStatistics was never sent"), "\(run.output)")
        #expect(run.errors.contains("tapedeck serve: SIGINT, shutting down"), "\(run.errors)")
    }

    @Test func withNoClientTheTimeoutGivesTheVerdict() async throws {
        let directory = try TemporaryDirectory()
        let tape = directory.path + "/two-connections.tape"
        try Self.writeTape(to: tape)
        let serve = try await ChildProcess.run(
            ChildProcess.tapedeck, ["serve", tape, "--verify", "--listen", "127.0.0.1:0", "--timeout", "1"])
        #expect(serve.status == 1, "\(serve.standardOutput)\n\(serve.standardError)")
        #expect(serve.standardOutput.contains("FAIL: 4 differences from the recording"), "\(serve.standardOutput)")
        #expect(serve.standardError.contains("tapedeck serve: --timeout 1.0 s reached, shutting down"), "\(serve.standardError)")
    }
}
