import Foundation
import Testing

@testable import TapedeckTape

/// One range of tape times for every format (issue 41, finding 9): what JSON Lines takes, the HAR
/// export writes and the HAR import reads back; what it could not is refused where it comes in.
@Suite struct TapeTimeRangeTests {
    static let range = "(1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z)"

    @Test func creationTimesFrom1970To9999AreTaken() {
        #expect(TapeTimeRange.created("1970-01-01T00:00:00.000Z") == .success(0))
        #expect(TapeTimeRange.created("9999-12-31T23:59:59.999Z") == .success(253_402_300_799_999))
        #expect(
            TapeTimeRange.created("1969-12-31T23:59:59.999Z")
                == .failure(
                    .init("the creation time \"1969-12-31T23:59:59.999Z\" is before the times a tape may hold \(Self.range)")))
        #expect(
            TapeTimeRange.created("0000-01-01T00:00:00.000Z")
                == .failure(
                    .init("the creation time \"0000-01-01T00:00:00.000Z\" is before the times a tape may hold \(Self.range)")))
        #expect(
            TapeTimeRange.created("garbage") == .failure(.init("\"garbage\" is not a UTC time like 2026-01-02T03:04:05.678Z")))
        #expect(TapeTimeRange.recordTimeProblem(UInt64(Int64.max), createdMilliseconds: 0) == nil)
        #expect(
            TapeTimeRange.recordTimeProblem(UInt64(Int64.max) + 1, createdMilliseconds: 0)
                == .init(
                    "the time 9223372036854775808 ns is over 9223372036854775807 ns (about 292 years), the most a tape may span"))
        #expect(
            TapeTimeRange.recordTimeProblem(1_000_000, createdMilliseconds: TapeTimeRange.latestWallTime)
                == .init(
                    "the time 1000000 ns after the tape's creation (10000-01-01T00:00:00.000Z) is after the times a tape may hold \(Self.range)"
                ))
    }

    @Test func jsonLinesRefusesTimesTheHARCouldNotCarry() throws {
        let open = #"{"t":0,"dir":"c2s","kind":"open"}"#
        #expect(
            try TestFiles.importError(#"{"header":{"created":"0000-01-01T00:00:00.000Z","tool":"t"}}"# + "\n" + open)
                == #"F:1:22: the creation time "0000-01-01T00:00:00.000Z" is before the times a tape may hold "# + Self.range)
        #expect(
            try TestFiles.importError(#"{"header":{"created":"soon","tool":"t"}}"#)
                == #"F:1:22: "soon" is not a UTC time like 2026-01-02T03:04:05.678Z"#)
        #expect(
            try TestFiles.importError(#"{"t":9223372036854775808,"dir":"c2s","kind":"open"}"#)
                == #"F:1:6: "t" must be an integer from 0 to 9223372036854775807"#)
        #expect(
            try TestFiles.importError(
                #"{"header":{"created":"9999-12-31T23:59:59.000Z","tool":"t"}}"# + "\n"
                    + #"{"t":2000000000,"dir":"c2s","kind":"open"}"#)
                == #"F:2:6: "t": the time 2000000000 ns after the tape's creation (10000-01-01T00:00:01.000Z) is after the times a tape may hold "#
                + Self.range)
        #expect(try TestFiles.importError(open) == "no error")
    }

    @Test func aFileWithoutAHeaderNeedsACreationTimeInTheRange() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("in.jsonl").path
        try Data(#"{"t":0,"dir":"c2s","kind":"open"}"#.utf8).write(to: URL(fileURLWithPath: source))
        let tape = directory.appendingPathComponent("t.tape").path
        #expect(throws: TapeImport.Failure.self) {
            try TapeImport.jsonLines(from: source, to: tape, metadata: TapeMetadata(created: "1960-01-01T00:00:00Z", tool: "t"))
        }
        #expect(!FileManager.default.fileExists(atPath: tape))
    }

    /// The latest record time a tape may hold goes to HAR and back exactly, at both ends of the years.
    @Test(arguments: ["1970-01-01T00:00:00.000Z", "9707-01-01T00:00:00.000Z"])
    func theRangesEndsGoToHARAndBack(created: String) throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var metadata = TestFiles.metadata
        metadata.created = created
        let records = [
            TapeRecord(time: 0, connection: 0, direction: .c2s, kind: .open),
            TapeRecord(time: UInt64(Int64.max), connection: 0, direction: .s2c, kind: .text, payload: Array("{}".utf8)),
        ]
        let tape = try TestFiles.writeTape(records, in: directory, metadata: metadata)
        let har = try TapeHARExport.har(from: try TapeReader(path: tape), creator: "test")
        let session = try TapeHARImport.session(from: har.bytes, fallback: TapeMetadata(created: "", tool: ""))
        #expect(session.records == records)
        #expect(session.metadata.created == created)
    }

    /// A tape another tool wrote, created in year 0 or with a time past 2^63-1 ns: its HAR would
    /// carry negative or unreadable times, so the export refuses it.
    @Test func harExportRefusesATapeOutsideTheRange() throws {
        let directory = try TestFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var ancient = TestFiles.metadata
        ancient.created = "0000-01-01T00:00:00.000Z"
        let open = TapeRecord(time: 0, connection: 0, direction: .c2s, kind: .open)
        let old = try TestFiles.writeTape([open], in: directory, name: "old.tape", metadata: ancient)
        #expect(
            throws: TapeError.timeOutOfRange(
                path: old,
                reason: "the creation time \"0000-01-01T00:00:00.000Z\" is before the times a tape may hold \(Self.range)")
        ) { try TapeHARExport.har(from: try TapeReader(path: old), creator: "test") }
        let late = try TestFiles.writeTape(
            [open, TapeRecord(time: UInt64.max, connection: 0, direction: .c2s, kind: .open)], in: directory, name: "late.tape")
        #expect(
            throws: TapeError.timeOutOfRange(
                path: late,
                reason:
                    "record 1: the time 18446744073709551615 ns is over 9223372036854775807 ns (about 292 years), the most a tape may span"
            )
        ) { try TapeHARExport.har(from: try TapeReader(path: late), creator: "test") }
    }

    @Test(arguments: [
        (
            #"{"log":{"entries":[{"startedDateTime":"1969-12-31T23:59:59Z","_webSocketMessages":[]}]}}"#,
            "byte 38 (log.entries[0].startedDateTime): 1969-12-31T23:59:59.000Z is before the times a tape may hold"
        ),
        (
            #"{"log":{"_tapedeckHeader":{"created":"0000-01-01T00:00:00.000Z","tool":"t"},"entries":[{"startedDateTime":"2026-01-02T03:04:05Z","_webSocketMessages":[]}]}}"#,
            #"byte 0 (log._tapedeckHeader.created): the creation time "0000-01-01T00:00:00.000Z" is before"#
        ),
    ])
    func harImportRefusesTimesOutsideTheRange(text: String, message: String) {
        do {
            let session = try TapeHARImport.session(from: Array(text.utf8), fallback: TapeMetadata(created: "", tool: ""))
            Issue.record("imported \(session.records.count) records")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error)")
        }
    }
}
