import Foundation
import TestSupport
import Testing

@testable import TapedeckTape

@Suite(.cpuBound) struct TapeJSONLinesTests {
    static var variety: [TapeRecord] {
        var noise = [UInt8](repeating: 0, count: 16 << 20)
        var state: UInt32 = 7
        noise.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<buffer.count {
                state = state &* 1_664_525 &+ 1_013_904_223
                buffer[index] = UInt8(truncatingIfNeeded: state >> 24)
            }
        }
        var records: [TapeRecord] = []
        records.append(TapeRecord(time: 0, direction: .c2s, kind: .open))
        records.append(
            TapeRecord(
                time: 1, direction: .c2s, kind: .text,
                payload: Array("{\"type\":\"createCharacter\",\"message\":{\"name\":\"Mai \\\"M\\\" Trần\"}}\n\t\u{1}".utf8)))
        records.append(TapeRecord(time: 2, direction: .s2c, kind: .text, payload: []))
        // Invalid UTF-8 text.
        records.append(TapeRecord(time: 3, direction: .s2c, kind: .text, payload: [0x7B, 0xC3, 0x28, 0x00, 0x7D]))
        records.append(TapeRecord(time: 4, direction: .s2c, kind: .binary, payload: [0, 0, 0xFF, 0xFE, 0, 1]))
        records.append(TapeRecord(time: 5, direction: .s2c, kind: .binary, payload: []))
        records.append(TapeRecord(time: 6, connection: 9, direction: .s2c, kind: .binary, fragmentCount: 4, payload: noise))
        records.append(TapeRecord(time: 7, direction: .c2s, kind: .ping, payload: Array("hb".utf8)))
        records.append(TapeRecord(time: 7, direction: .s2c, kind: .pong, payload: Array("hb".utf8)))
        records.append(TapeRecord(time: 8, direction: .note, kind: .marker, payload: Array("after claim 🎉".utf8)))
        records.append(TapeRecord(time: 9, direction: .note, kind: .marker, payload: [0xFF]))
        records.append(TapeRecord(time: 10, direction: .note, kind: .error, payload: Array("upstream reset".utf8)))
        records.append(TapeRecord(time: 11, direction: .c2s, kind: .close, closeCode: 4001, payload: Array("bye \u{0}".utf8)))
        records.append(TapeRecord(time: 12, direction: .s2c, kind: .close, closeCode: 1000, payload: []))
        records.append(TapeRecord(time: 13, direction: .s2c, kind: .close, payload: []))
        // The latest time a tape may hold (TapeTimeRange).
        records.append(
            TapeRecord(time: UInt64(Int64.max), direction: .s2c, kind: .close, closeCode: 1002, payload: [0xC0, 0x80]))
        return records
    }

    private func exportBytes(_ tapePath: String, to path: String) throws -> [UInt8] {
        let output = try OutputFile(path: path)
        try TapeExport.jsonLines(from: try TapeReader(path: tapePath), to: output)
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test func importThenExportIsByteIdentical() throws {
        let directory = try TestFiles.directory()
        let records = Self.variety
        var jsonLines = TapeJSONLines.headerLine(TestFiles.metadata) + [0x0A]
        for (seq, record) in records.enumerated() { jsonLines += TapeJSONLines.recordLine(record, seq: seq) + [0x0A] }
        let source = directory.appendingPathComponent("in.jsonl").path
        try Data(jsonLines).write(to: URL(fileURLWithPath: source))

        let tape = directory.appendingPathComponent("t.tape").path
        let count = try TapeImport.jsonLines(from: source, to: tape, metadata: TapeMetadata(created: "unused", tool: "unused"))
        #expect(count == records.count)
        let (read, error, reader) = try TestFiles.readAll(tape)
        #expect(error == nil)
        #expect(read == records)
        #expect(reader.header.metadata == TestFiles.metadata)

        let exported = try exportBytes(tape, to: directory.appendingPathComponent("out.jsonl").path)
        #expect(exported == jsonLines)
    }

    @Test func linesHaveTheDocumentedShape() {
        let lines = Self.variety.enumerated().filter { $0.offset != 6 }.map {
            String(decoding: TapeJSONLines.recordLine($0.element, seq: $0.offset), as: UTF8.self)
        }
        #expect(lines[0] == #"{"seq":0,"t":0,"conn":0,"dir":"c2s","kind":"open"}"#)
        #expect(
            lines[1]
                == #"{"seq":1,"t":1,"conn":0,"dir":"c2s","kind":"text","text":"{\"type\":\"createCharacter\",\"message\":{\"name\":\"Mai \\\"M\\\" Trần\"}}\n\t\u0001"}"#
        )
        #expect(lines[3] == #"{"seq":3,"t":3,"conn":0,"dir":"s2c","kind":"text","base64":"e8MoAH0="}"#)
        #expect(lines[4] == #"{"seq":4,"t":4,"conn":0,"dir":"s2c","kind":"binary","base64":"AAD//gAB"}"#)
        #expect(lines[9 - 1] == #"{"seq":9,"t":8,"conn":0,"dir":"note","kind":"marker","name":"after claim 🎉"}"#)
        #expect(lines[12 - 1] == #"{"seq":12,"t":11,"conn":0,"dir":"c2s","kind":"close","code":4001,"reason":"bye \u0000"}"#)
        #expect(
            lines[15 - 1]
                == #"{"seq":15,"t":9223372036854775807,"conn":0,"dir":"s2c","kind":"close","code":1002,"base64":"wIA="}"#)
    }

    @Test func theFixtureExportsToItsTwin() throws {
        let directory = try TestFiles.directory()
        let exported = try exportBytes(TestFiles.fixtureTape, to: directory.appendingPathComponent("out.jsonl").path)
        let twin = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestFiles.fixtureJSONLines)))
        #expect(exported == twin)

        let tape = directory.appendingPathComponent("again.tape").path
        try TapeImport.jsonLines(from: TestFiles.fixtureJSONLines, to: tape, metadata: TestFiles.metadata)
        #expect(try exportBytes(tape, to: directory.appendingPathComponent("again.jsonl").path) == twin)
    }

    @Test func importErrorsNameLineAndColumn() throws {
        let importError = TestFiles.importError
        let good = #"{"t":1,"dir":"c2s","kind":"text","text":"a"}"#
        let headerSecond: String = good + "\n" + TapeJSONLines.headerLine(TestFiles.metadata).string
        #expect(
            try importError(good + #"\#n{"t":2,"dir":"x2s","kind":"text"}"#) == #"F:2:14: "dir" must be one of c2s, s2c, note"#)
        #expect(
            try importError(#"{"t":1.5,"dir":"c2s","kind":"open"}"#)
                == #"F:1:6: "t" must be an integer from 0 to 9223372036854775807"#)
        #expect(
            try importError(#"{"t":18446744073709551616,"dir":"c2s","kind":"open"}"#).hasPrefix("F:1:6: \"t\" must be an integer")
        )
        #expect(
            try importError(#"{"t":1,"dir":"c2s","kind":"binary","base64":"AB=C"}"#)
                == "F:1:49: invalid base64: unexpected character")
        #expect(try importError(#"{"t":1,"dir":"c2s","kind":"text","txt":"a"}"#).hasPrefix(#"F:1:40: unknown key "txt""#))
        #expect(try importError(#"{"t":1,"dir":"c2s","kind":"text","text":"\ud800"}"#).hasPrefix("F:1:42: lone high surrogate"))
        #expect(try importError(#"{"t":1,"dir":"c2s","kind":"text","text":"é"#) == "F:1:43: unterminated string")
        #expect(
            try importError(good + #"\#n{"t":0,"dir":"c2s","kind":"open"}"#).hasPrefix(
                #"F:2:6: "t" 0 is before the previous record's 1"#))
        #expect(try importError(headerSecond) == "F:2:1: a header line may only come first")
    }

    /// Issue 34, finding 8: a line over the limit is an error naming the line and the limit; a line
    /// of exactly the limit is read.
    @Test func aLineOverTheLimitIsAnErrorNamingItsNumberAndTheLimit() throws {
        let directory = try TestFiles.directory()
        let atLimit = #"{"t":1,"dir":"c2s","kind":"text","text":"\#(String(repeating: "a", count: 21))"}"#
        #expect(atLimit.utf8.count == 64)
        let source = directory.appendingPathComponent("long.jsonl").path
        let tape = directory.appendingPathComponent("long.tape").path
        let long = #"{"t":2,"dir":"c2s","kind":"text","text":"\#(String(repeating: "b", count: 22))"}"#
        try Data((atLimit + "\n\n" + long + "\n" + atLimit + "\n").utf8).write(to: URL(fileURLWithPath: source))
        #expect(throws: TapeImport.Failure.tape(.lineTooLong(path: source, line: 3, limit: 64))) {
            try TapeImport.jsonLines(from: source, to: tape, metadata: TestFiles.metadata, maxLineLength: 64)
        }
        #expect(
            TapeError.lineTooLong(path: "F", line: 3, limit: 64).description
                == "F:3: the line is longer than the limit of 64 bytes a line may have (the longest a record at the tape's "
                + "limit can take); nothing was written. Check that the file is JSON Lines with one record a line.")
        #expect(!FileManager.default.fileExists(atPath: tape))

        try Data((atLimit + "\n" + atLimit).utf8).write(to: URL(fileURLWithPath: source))
        #expect(try TapeImport.jsonLines(from: source, to: tape, metadata: TestFiles.metadata, maxLineLength: 64) == 2)
        #expect(TapeJSONLines.maxLineLength == 1_431_655_768 + 4096)
    }

    @Test func parsesEscapesAndBigIntegersExactly() throws {
        let line = Array(#"{"t":9223372036854775807,"dir":"s2c","kind":"text","text":"\ud83c\udf89 \u00e9\/\b\f"}"#.utf8)
        guard case .record(let record) = try TapeJSONLinesDecoder.decode(line) else {
            Issue.record("not a record")
            return
        }
        #expect(record.time == UInt64(Int64.max))
        #expect(record.payload == Array("🎉 é/\u{8}\u{c}".utf8))
    }
}

extension Array where Element == UInt8 {
    fileprivate var string: String { String(decoding: self, as: UTF8.self) }
}
