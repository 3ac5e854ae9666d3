import Foundation
import TapedeckCore
import TapedeckProtocol
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

/// `tapedeck export --format har` and `tapedeck import FILE.har` (the binary): a committed tape
/// goes to HAR and back with every message, and HARs written by independent tools (Playwright
/// recording headless Chromium's own WebSocket; mitmproxy's `hardump` of a websockets client
/// through it) import whole.
@Suite(.tags(.integration), .ownThread) struct HARCommandTests {
    /// The text and binary messages and opens of a tape: what HAR holds.
    static func messages(_ path: String) throws -> [TapeRecord] {
        let reader = try TapeReader(path: path)
        var records: [TapeRecord] = []
        while let record = try reader.next() {
            if [.open, .text, .binary].contains(record.kind) { records.append(record) }
        }
        return records
    }

    @Test func aTapeGoesToHARAndBackWithEveryMessageInOrder() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tape = ChildProcess.repositoryRoot + "/Recordings/core-loop.tape"
        let har = directory.appendingPathComponent("core-loop.har").path
        let back = directory.appendingPathComponent("back.tape").path
        let export = try await TapedeckBinary.run(["export", tape, "--format", "har", "-o", har])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(
            export.stderr
                == "tapedeck export: 24 records that HAR cannot hold left out (11 pings, 11 pongs, 2 closes); "
                + "a connection's close code and reason are lost; see docs/TAPE-FORMAT.md, \"HAR form\"\n",
            "\(export.stderr)")
        let imported = try await TapedeckBinary.run(["import", har, "-o", back])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("31 records from 1 WebSocket connection of"))
        #expect(try Self.messages(back) == Self.messages(tape))
        #expect(try TapeReader(path: back).header.metadata == TapeReader(path: tape).header.metadata)
    }

    /// What a peer printed it sent and got back, in the order it happened: send, echo, send, echo...
    static func exchanged(_ sent: [JSONValue], _ received: [JSONValue]) -> [(TapeRecord.Direction, [UInt8])] {
        func bytes(_ value: JSONValue) -> [UInt8] {
            if case .string(let text) = value { return Array(text.utf8) }
            if case .string(let base64)? = value.value(at: "base64") { return Array(Data(base64Encoded: base64) ?? Data()) }
            return []
        }
        return zip(sent, received).flatMap { [(TapeRecord.Direction.c2s, bytes($0)), (.s2c, bytes($1))] }
    }

    @Test(.enabled(if: HeadlessChromium.found != nil || HeadlessChromium.required, "no chromium: run `make report-deps`"))
    func playwrightsHARImportsWhole() async throws {
        try #require(HeadlessChromium.found != nil, "no chromium: run `make report-deps`")
        try Peers.requirePython()
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let har = directory.appendingPathComponent("playwright.har").path
        let tape = directory.appendingPathComponent("playwright.tape").path
        let browser = try await ChildProcess.run(
            ChildProcess.python,
            [Peers.script("TapedeckCLITests", "chromium_websocket.py"), "--har", har],
            seconds: 180)
        try #require(browser.status == 0, "playwright failed: \(browser.standardError)")
        let imported = try await TapedeckBinary.run(["import", har, "-o", tape])
        #expect(imported.status == 0, "\(imported.stderr)")

        // What the page sent and got back, in the order it happened: send, echo, send, echo...
        let seen = try JSONValue.parse(Array(browser.standardOutput.utf8))
        guard case .array(let sent)? = seen.value(at: "sent"), case .array(let received)? = seen.value(at: "received") else {
            Issue.record("chromium_websocket.py printed \(browser.standardOutput)")
            return
        }
        let expected = Self.exchanged(sent, received)
        let records = try Self.messages(tape).filter { $0.kind != .open }
        #expect(records.map(\.direction) == expected.map(\.0))
        #expect(records.map(\.payload) == expected.map(\.1))
        #expect(records.map(\.kind) == [.text, .text, .text, .text, .binary, .binary, .text, .text])
        #expect(records.map(\.time) == records.map(\.time).sorted())
        #expect(try TapeReader(path: tape).header.metadata.labels["source"] == "har")
    }

    /// mitmproxy (from the Makefile's .venv) writes `startedDateTime` as `…T20:25:19.632215+00:00`,
    /// which import refused before issue 34; its HAR now imports with all ten messages.
    @Test func mitmproxysHARImportsWhole() async throws {
        let mitmdump = ChildProcess.repositoryRoot + "/.venv/bin/mitmdump"
        try #require(FileManager.default.isExecutableFile(atPath: mitmdump), "no mitmdump in .venv: run `make pydeps` first")
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let har = directory.appendingPathComponent("mitmproxy.har").path
        let tape = directory.appendingPathComponent("mitmproxy.tape").path
        let proxy = try await ChildProcess.run(
            ChildProcess.python,
            [Peers.script("TapedeckCLITests", "mitmproxy_websocket.py"), har], seconds: 180)
        try #require(proxy.status == 0, "mitmproxy_websocket.py failed: \(proxy.standardError)")
        let written = try JSONValue.parse(Array(try Data(contentsOf: URL(fileURLWithPath: har))))
        guard case .string(let started)? = written.value(at: "log.entries[0].startedDateTime") else {
            Issue.record("no startedDateTime in \(har)")
            return
        }
        #expect(started.hasSuffix("+00:00"), "\(started)")
        let imported = try await TapedeckBinary.run(["import", har, "-o", tape])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("11 records from 1 WebSocket connection of"), "\(imported.stdout)")

        let seen = try JSONValue.parse(Array(proxy.standardOutput.utf8))
        guard case .array(let sent)? = seen.value(at: "sent"), case .array(let received)? = seen.value(at: "received") else {
            Issue.record("mitmproxy_websocket.py printed \(proxy.standardOutput)")
            return
        }
        let expected = Self.exchanged(sent, received)
        let records = try Self.messages(tape).filter { $0.kind != .open }
        #expect(records.count == 10)
        #expect(records.map(\.direction) == expected.map(\.0))
        #expect(records.map(\.payload) == expected.map(\.1))
        #expect(records.map(\.kind) == [.text, .text, .text, .text, .binary, .binary, .text, .text, .binary, .binary])
        #expect(records.map(\.time) == records.map(\.time).sorted())
        #expect(try TapeReader(path: tape).header.metadata.labels["source"] == "har")
    }
}
