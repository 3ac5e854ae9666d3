import Foundation
import Testing

@testable import TapedeckTape

@Suite struct TapeWriterTests {
    private func text(_ time: UInt64, _ body: String = "{\"type\":\"u\"}") -> TapeRecord {
        TapeRecord(time: time, direction: .s2c, kind: .text, payload: Array(body.utf8))
    }

    @Test func flushesWhenTheOldestRecordReachesTheInterval() throws {
        let directory = try TestFiles.directory()
        let path = directory.appendingPathComponent("t.tape").path
        let writer = try TapeWriter(
            path: path, metadata: TestFiles.metadata,
            options: TapeWriterOptions(flushInterval: 100_000_000))
        try writer.append(text(5_000_000))
        #expect(writer.flushedRecordCount == 0)
        #expect(writer.nextFlushDue == 105_000_000)
        #expect(try writer.flushIfDue(now: 104_999_999) == false)
        #expect(try writer.flushIfDue(now: 105_000_000) == true)
        #expect(writer.flushedRecordCount == 1)
        #expect(writer.nextFlushDue == nil)
        #expect(try writer.flushIfDue(now: 900_000_000) == false) // nothing waiting, no empty block

        // What was flushed is readable while the writer is still open, as after a kill.
        let (records, error, _) = try TestFiles.readAll(path)
        #expect(records == [text(5_000_000)])
        guard case .truncated(_, let afterRecords, _) = error else {
            Issue.record("expected truncation, got \(String(describing: error))")
            return
        }
        #expect(afterRecords == 1)
        try writer.close()
    }

    @Test func appendingALaterRecordFlushesAnOverdueBlock() throws {
        let directory = try TestFiles.directory()
        let path = directory.appendingPathComponent("t.tape").path
        let writer = try TapeWriter(path: path, metadata: TestFiles.metadata)
        try writer.append(text(0))
        try writer.append(text(50_000_000))
        #expect(writer.flushedRecordCount == 0)
        try writer.append(text(100_000_000))
        #expect(writer.flushedRecordCount == 3)
        try writer.close()
    }

    @Test func flushesWhenTheThresholdIsBuffered() throws {
        let directory = try TestFiles.directory()
        let path = directory.appendingPathComponent("t.tape").path
        let writer = try TapeWriter(
            path: path, metadata: TestFiles.metadata,
            options: TapeWriterOptions(flushInterval: 1_000_000_000_000, flushThreshold: 1000))
        try writer.append(text(0, String(repeating: "a", count: 500)))
        #expect(writer.flushedRecordCount == 0)
        try writer.append(text(0, String(repeating: "b", count: 500)))
        #expect(writer.flushedRecordCount == 2)
        try writer.close()
    }

    @Test func writesTheHeaderAtOnce() throws {
        let directory = try TestFiles.directory()
        let path = directory.appendingPathComponent("t.tape").path
        let writer = try TapeWriter(path: path, metadata: TestFiles.metadata)
        let reader = try TapeReader(path: path)
        #expect(reader.header.metadata == TestFiles.metadata)
        #expect(throws: TapeError.self) { try reader.next() }
        #expect(reader.end == .truncated(afterRecords: 0, atByte: writer.compressedBytes))
        try writer.close()
    }

    @Test func refusesTimeGoingBackwards() throws {
        let directory = try TestFiles.directory()
        let writer = try TapeWriter(path: directory.appendingPathComponent("t.tape").path, metadata: TestFiles.metadata)
        try writer.append(text(10))
        #expect(throws: TapeError.timeWentBackwards(record: 1, previous: 10, time: 9)) { try writer.append(text(9)) }
        try writer.close()
        #expect(throws: TapeError.writerClosed(path: writer.path)) { try writer.append(text(20)) }
    }

    @Test func reportsAnUnwritablePath() {
        #expect(throws: TapeError.self) {
            try TapeWriter(path: "/nonexistent-dir/x.tape", metadata: TestFiles.metadata)
        }
    }
}
