import Foundation
import Testing

@testable import TapedeckTape

/// A tape as HAR and back (`TapeHARExport`, `TapeHARImport`): every text and binary message, its
/// bytes, direction, connection and tape time survive; what HAR cannot hold is counted; a bad HAR
/// names the byte and the JSON path.
struct HARTests {
    static let records: [TapeRecord] = [
        TapeRecord(time: 1_000, connection: 0, direction: .c2s, kind: .open),
        TapeRecord(
            time: 2_345_678, connection: 0, direction: .c2s, kind: .text,
            payload: Array(#"{"type":"swipe","message":{"a":"é\n"}}"#.utf8)),
        TapeRecord(time: 2_400_000, connection: 0, direction: .c2s, kind: .ping, payload: [1]),
        TapeRecord(time: 3_000_001, connection: 0, direction: .s2c, kind: .binary, payload: [0, 1, 254, 255]),
        TapeRecord(time: 3_500_000, connection: 3, direction: .c2s, kind: .open),
        // Not UTF-8: a broken client's text frame, kept as its bytes.
        TapeRecord(time: 3_600_000, connection: 3, direction: .c2s, kind: .text, payload: [0x7B, 0xFF, 0x7D]),
        TapeRecord(
            time: 4_000_000, connection: 0, direction: .s2c, kind: .text, payload: Array(#"{"type":"u","message":{}}"#.utf8)),
        TapeRecord(time: 5_000_000, connection: 0, direction: .s2c, kind: .close, closeCode: 1000, payload: []),
        TapeRecord(time: 6_000_000, connection: 3, direction: .note, kind: .marker, payload: Array("checkpoint".utf8)),
    ]

    static func exported() throws -> TapeHARExport.Result {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tape = try TestFiles.writeTape(records, in: directory)
        return try TapeHARExport.har(from: try TapeReader(path: tape), creator: "test")
    }

    @Test func tapeToHARToTapeKeepsEveryMessageItsTimeAndOrder() throws {
        let har = try Self.exported()
        #expect(har.omittedRecords == 3)
        let session = try TapeHARImport.session(from: har.bytes, fallback: TapeMetadata(created: "", tool: ""))
        #expect(session.records == Self.records.filter { [.open, .text, .binary].contains($0.kind) })
        #expect(session.metadata == TestFiles.metadata)
        #expect(session.connections == 2)
    }

    @Test func theHARIsWhatBrowserToolsRead() throws {
        let har = try JSONSerialization.jsonObject(with: Data(try Self.exported().bytes)) as? [String: Any]
        let log = try #require(har?["log"] as? [String: Any])
        #expect(log["version"] as? String == "1.2")
        let entries = try #require(log["entries"] as? [[String: Any]])
        #expect(entries.count == 2)
        #expect(entries[0]["startedDateTime"] as? String == "2025-03-01T09:30:00.000Z")
        #expect((entries[0]["request"] as? [String: Any])?["url"] as? String == "wss://example.test/ws")
        let messages = try #require(entries[0]["_webSocketMessages"] as? [[String: Any]])
        #expect(messages.map { $0["type"] as? String } == ["send", "receive", "receive"])
        #expect(messages.map { $0["opcode"] as? Int } == [1, 2, 1])
        #expect(messages[0]["data"] as? String == #"{"type":"swipe","message":{"a":"é\n"}}"#)
        #expect(messages[1]["data"] as? String == "AAH+/w==")
        // Seconds since 1970, to the microsecond: 2025-03-01T09:30:00Z plus 2.345678 ms.
        #expect((messages[0]["time"] as? NSNumber)?.stringValue == "1740821400.002345")
    }

    @Test(arguments: [
        ("1740821400.002345", 1_740_821_400_002_345), // Chrome: seconds
        ("1740821400", 1_740_821_400_000_000),
        ("1740821400.0000005", 1_740_821_400_000_001), // rounded half up
        ("1795480265818.221", 1_795_480_265_818_221), // Playwright: milliseconds
        ("1795480265818.2216", 1_795_480_265_818_222),
    ])
    func messageTimesAreSecondsOrMilliseconds(literal: String, micros: Int64) {
        #expect(TapeHARImport.microseconds(fromTime: Array(literal.utf8)) == micros)
    }

    @Test func anotherToolsHARTakesItsTimesURLAndHeaders() throws {
        let har = """
            {"log":{"version":"1.2","creator":{"name":"WebInspector","version":"537.36"},"entries":[
              {"startedDateTime":"2026-01-02T03:04:05.000Z","request":{"url":"https://example.test/index.html"},"response":{"status":200}},
              {"startedDateTime":"2026-01-02T03:04:06.500Z","request":{"method":"GET","url":"wss://lichun.app/wss/?v=2",
                "headers":[{"name":"Host","value":"lichun.app"}]},"response":{"status":101,"headers":[]},
               "_webSocketMessages":[
                 {"type":"send","time":1767323046.501,"opcode":1,"data":"{\\"type\\":\\"a\\"}"},
                 {"type":"receive","time":1767323046.7,"opcode":2,"data":"AQI="}]}]}}
            """
        let session = try TapeHARImport.session(from: Array(har.utf8), fallback: TapeMetadata(created: "", tool: "tapedeck 1"))
        #expect(session.metadata.created == "2026-01-02T03:04:06.500Z")
        #expect(session.metadata.upstreamURL == "wss://lichun.app/wss/?v=2")
        #expect(session.metadata.requestTarget == "/wss/?v=2")
        #expect(session.metadata.requestHeaders == [.init("Host", "lichun.app")])
        #expect(session.metadata.labels == ["source": "har"])
        #expect(
            session.records == [
                TapeRecord(time: 0, connection: 0, direction: .c2s, kind: .open),
                TapeRecord(time: 1_000_000, connection: 0, direction: .c2s, kind: .text, payload: Array(#"{"type":"a"}"#.utf8)),
                TapeRecord(time: 200_000_000, connection: 0, direction: .s2c, kind: .binary, payload: [1, 2]),
            ])
    }

    /// Issue 41, finding 5: a status no tape reader accepts is refused at import, where it is.
    @Test(arguments: ["1000", "9223372036854775807", "-1", "\"101\""])
    func aResponseStatusTheReaderWouldRefuseIsRefused(status: String) throws {
        let har = """
            {"log":{"version":"1.2","entries":[{"startedDateTime":"2026-01-02T03:04:06.500Z",
              "request":{"url":"wss://lichun.app/wss/"},"response":{"status":\(status)},
              "_webSocketMessages":[{"type":"send","time":1767323046.501,"opcode":1,"data":"{}"}]}]}}
            """
        #expect {
            try TapeHARImport.session(from: Array(har.utf8), fallback: TapeMetadata(created: "", tool: ""))
        } throws: { error in
            (error as? HARError)?.path == "response.status"
                && (error as? HARError)?.message == "expected an HTTP status code (0-999)"
        }
        // 999, the reader's highest, still imports and reads back.
        let session = try TapeHARImport.session(
            from: Array(har.replacingOccurrences(of: "\"status\":\(status)", with: "\"status\":999").utf8),
            fallback: TapeMetadata(created: "", tool: ""))
        #expect(session.metadata.responseStatus == 999)
    }

    /// Issue 34: HAR files in the shapes Firefox, Charles and Proxyman write (Fixtures/har): their
    /// `startedDateTime` in other zones (+01:00, -05:30, +08:00 with microseconds, Z without a
    /// fraction) lands on the same instants as the messages' `time` (seconds since 1970, UTC).
    @Test(arguments: [
        (
            "firefox", "2026-03-05T13:22:31.456Z",
            [
                TapeRecord(time: 0, connection: 0, direction: .c2s, kind: .open),
                TapeRecord(
                    time: 45_000_000, connection: 0, direction: .c2s, kind: .text,
                    payload: Array(#"{"type":"createCharacter","message":{"name":"Mei"}}"#.utf8)),
                TapeRecord(
                    time: 144_000_000, connection: 0, direction: .s2c, kind: .text,
                    payload: Array(#"{"type":"playerObject","message":{}}"#.utf8)),
                TapeRecord(
                    time: 794_000_000, connection: 0, direction: .c2s, kind: .text,
                    payload: Array(#"{"type":"requestStatistics","message":{}}"#.utf8)),
            ]
        ),
        (
            "charles", "2026-03-05T13:22:31.456Z",
            [
                TapeRecord(time: 0, connection: 0, direction: .c2s, kind: .open),
                TapeRecord(time: 44_000_000, connection: 0, direction: .c2s, kind: .text, payload: Array("hello".utf8)),
                TapeRecord(time: 294_000_000, connection: 0, direction: .s2c, kind: .binary, payload: [0, 1, 2, 254, 255]),
            ]
        ),
        (
            "proxyman", "2026-03-05T13:22:31.000Z",
            [
                TapeRecord(time: 0, connection: 0, direction: .c2s, kind: .open),
                TapeRecord(time: 125_000_000, connection: 0, direction: .c2s, kind: .text, payload: Array("a".utf8)),
                TapeRecord(time: 500_000_000, connection: 0, direction: .s2c, kind: .text, payload: Array("b".utf8)),
                TapeRecord(time: 1_000_250_000, connection: 1, direction: .c2s, kind: .open),
                TapeRecord(time: 1_001_000_000, connection: 1, direction: .c2s, kind: .text, payload: Array("c".utf8)),
            ]
        ),
    ])
    func otherToolsHARFilesImportWithTheirZones(tool: String, created: String, records: [TapeRecord]) throws {
        let file = TestFiles.fixtures.appendingPathComponent("har/\(tool).har")
        let session = try TapeHARImport.session(
            from: [UInt8](try Data(contentsOf: file)), fallback: TapeMetadata(created: "", tool: "tapedeck 1"))
        #expect(session.records == records)
        #expect(session.metadata.created == created)
        #expect(session.metadata.labels == ["source": "har"])
    }

    @Test(arguments: [
        ("[]", "byte 0: expected an object, found an array"),
        (#"{"log":{}}"#, #"byte 7 (log): "entries" is missing"#),
        (
            #"{"log":{"entries":[{"startedDateTime":"x","_webSocketMessages":[]}]}}"#,
            "byte 38 (log.entries[0].startedDateTime): expected an ISO 8601 date and time with its zone, like "
                + "2026-01-02T03:04:05.678Z or 2026-01-02T04:04:05.678901+01:00"
        ),
        (
            #"{"log":{"entries":[{"startedDateTime":"2026-01-02T03:04:05Z","_webSocketMessages":[{"type":"send","time":1,"opcode":9,"data":""}]}]}}"#,
            #"byte 116 (log.entries[0]._webSocketMessages[0].opcode): expected 1 (text) or 2 (binary), found 9"#
        ),
        (
            #"{"log":{"entries":[{"startedDateTime":"2026-01-02T03:04:05Z","_webSocketMessages":[{"type":"receive","time":1,"opcode":2,"data":"AB$="}]}]}}"#,
            #"byte 131 (log.entries[0]._webSocketMessages[0].data): binary data must be base64: "#
        ),
        (
            #"{"log":{"entries":[{"request":{"url":"https://x/"}}]}}"#,
            "byte 0 (log.entries): no WebSocket entry (none has _webSocketMessages)"
        ),
    ])
    func aBadHARSaysWhereAndWhy(text: String, message: String) {
        do {
            let session = try TapeHARImport.session(from: Array(text.utf8), fallback: TapeMetadata(created: "", tool: ""))
            Issue.record("imported \(session.records.count) records from \(text)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
        }
    }

    /// Issue 51, finding 6: a session tape of six connections, two refused. Each entry has its own
    /// connection's status, URL and times; the refusals come back as refusals, and the handshakes
    /// byte for byte.
    static func sessionRecords() -> [TapeRecord] {
        var records: [TapeRecord] = []
        for (connection, status) in [101, 503, 503, 101, 101, 101].enumerated() {
            let start = UInt64(connection) * 1_000_000_000 + 5_000
            let handshake = TapeMetadata(
                created: "2025-03-01T09:30:0\(connection).000Z", tool: "tapedeck test",
                clientAddress: "127.0.0.1:\(50_000 + connection)", requestTarget: "/ws?n=\(connection)",
                requestHeaders: [.init("Host", "example.test")], responseStatus: status,
                responseHeaders: status == 101 ? [.init("Upgrade", "websocket")] : [])
            records.append(ConnectionHandshake.record(handshake, time: start, connection: UInt32(connection)))
            if status == 101 {
                records.append(TapeRecord(time: start + 10, connection: UInt32(connection), direction: .c2s, kind: .open))
                records.append(
                    TapeRecord(
                        time: start + 20_000, connection: UInt32(connection), direction: .c2s, kind: .text,
                        payload: Array("m\(connection)".utf8)))
            } else {
                records.append(
                    TapeRecord(
                        time: start + 3_000, connection: UInt32(connection), direction: .note, kind: .error,
                        payload: Array("upgrade failed: upstream answered 503 Service Unavailable".utf8)))
            }
        }
        return records
    }

    @Test func aSessionTapesEntriesHaveTheirOwnConnectionsAndRefusalsStayRefusals() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tape = try TestFiles.writeTape(Self.sessionRecords(), in: directory)
        let har = try TapeHARExport.har(from: try TapeReader(path: tape), creator: "test")
        #expect(har.omittedKinds == [.error: 2])
        let root = try JSONSerialization.jsonObject(with: Data(har.bytes)) as? [String: Any]
        let entries = try #require((root?["log"] as? [String: Any])?["entries"] as? [[String: Any]])
        #expect(entries.count == 6)
        #expect(entries.map { ($0["response"] as? [String: Any])?["status"] as? Int } == [101, 503, 503, 101, 101, 101])
        #expect(
            entries.map { ($0["request"] as? [String: Any])?["url"] as? String }
                == (0..<6).map { "ws://example.test/ws?n=\($0)" })
        #expect(
            entries.map { $0["startedDateTime"] as? String }
                == (0..<6).map { "2025-03-01T09:30:0\($0).000Z" })
        #expect(entries.map { $0["_tapedeckOpen"] != nil } == [true, false, false, true, true, true])

        let session = try TapeHARImport.session(from: har.bytes, fallback: TapeMetadata(created: "", tool: ""))
        #expect(session.connections == 6)
        let original = Self.sessionRecords()
        // Handshakes, opens and messages as they were; each refusal's note at its time, its reason
        // reduced to the status (HAR keeps no other).
        #expect(session.records.filter { $0.kind != .error } == original.filter { $0.kind != .error })
        let refusals = session.records.filter { $0.kind == .error }
        #expect(refusals.map(\.connection) == [1, 2])
        #expect(refusals.map(\.time) == original.filter { $0.kind == .error }.map(\.time))
        #expect(
            refusals.allSatisfy {
                String(decoding: $0.payload, as: UTF8.self).hasPrefix("upgrade failed: upstream answered 503 Service Unavailable")
            })
    }

    /// A HAR another tool wrote: an entry answered 403 never opened.
    @Test func anotherToolsRefusedEntryIsARefusal() throws {
        let har = #"""
            {"log":{"version":"1.2","entries":[
            {"startedDateTime":"2026-01-01T00:00:00.000Z","request":{"url":"wss://a.test/ws"},"response":{"status":403},"_webSocketMessages":[]},
            {"startedDateTime":"2026-01-01T00:00:01.000Z","request":{"url":"wss://a.test/ws"},"response":{"status":101},"_webSocketMessages":[]}
            ]}}
            """#
        let session = try TapeHARImport.session(from: Array(har.utf8), fallback: TapeMetadata(created: "", tool: "t"))
        #expect(session.records.map(\.kind) == [.error, .open])
        #expect(session.records.map(\.connection) == [0, 1])
        #expect(String(decoding: session.records[0].payload, as: UTF8.self).contains("upstream answered 403 Forbidden"))
    }
}
