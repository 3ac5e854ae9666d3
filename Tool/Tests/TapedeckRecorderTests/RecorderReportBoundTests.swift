import Foundation
import TapedeckCore
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

@testable import TapedeckRecorder

/// Issue 52, item 1: undelivered reports take at most `maximumPendingBytes`; sealing one more
/// drops the oldest first, counts them in the next report's `report.droppedReports` and in the
/// status, and a report file is whole or absent.
@Suite(.ownThread) struct RecorderReportBoundTests {
    /// About 23 KB of records that do not compress: two such reports fit in 64 KiB, three do not.
    static func playIncompressible(_ recorder: FlightRecorder) {
        var generator = SeededGenerator(seed: 52)
        recorder.opened()
        for _ in 0..<200 { recorder.received((0..<100).map { _ in UInt8.random(in: 0...255, using: &generator) }, binary: true) }
    }

    @Test func theOldestUnsentReportsAreDroppedFirstAndCounted() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let limit = 64 << 10
        // Nothing listens on port 9 here: the first upload fails, and the uploader then waits
        // (the test's pacing: until stop) with no upload in flight while the reports pile up.
        let log = PacingLog(untilStop: true)
        let recorder = try ReportTestSupport.recorder(
            folder, ReportTestSupport.collector("http://127.0.0.1:9", maximumPendingBytes: limit), pacing: log.pacing)
        Self.playIncompressible(recorder)
        var reports: [FlightRecorderReport] = []
        reports.append(try await ReportTestSupport.report(recorder, note: "first").get())
        #expect(await eventually(30) { log.delays.count == 1 }, "the first upload did not fail")
        for note in ["second", "third", "fourth"] {
            reports.append(try await ReportTestSupport.report(recorder, note: note).get())
        }
        let status = recorder.reportStatus
        try recorder.stop()

        // The premise: two reports fit the bound, three do not.
        #expect(reports.allSatisfy { $0.bytes > UInt64(limit) / 3 && $0.bytes <= UInt64(limit) / 2 }, "\(reports.map(\.bytes))")
        #expect(reports.map(\.droppedReports) == [0, 0, 1, 1])
        #expect(ReportTestSupport.pending(in: folder) == [reports[2].path, reports[3].path])
        #expect(status.droppedReports == 2 && status.pending == 2)
        #expect(status.pendingBytes == reports[2].bytes + reports[3].bytes && status.pendingBytes <= UInt64(limit))
        let third = try TapeContents(path: reports[2].path)
        #expect(third.end == .complete)
        #expect(third.metadata.labels["report.droppedReports"] == "1")
        #expect(third.metadata.labels["report.note"] == "third")
        #expect(third.records.count == 201)
        #expect(try TapeContents(path: reports[3].path).metadata.labels["report.droppedReports"] == "1")
        // Nothing half-written is left beside them, and no drop is still owed to a later report.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/reports").sorted()
        #expect(names.filter { !$0.hasSuffix(".tape") } == ["dropped-reports"], "\(names)")
        #expect(try String(contentsOfFile: folder + "/reports/dropped-reports", encoding: .utf8) == "0\n")
    }

    @Test func theReportBeingSentIsNeverDroppedTheNextOldestIs() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let limit = 64 << 10
        // A collector that takes the upload and never answers: the first report stays in flight.
        let collector = try await LoopbackCollector.start(token: ReportTestSupport.token, silent: true)
        defer { Task { await collector.shutdown() } }
        let recorder = try ReportTestSupport.recorder(
            folder, ReportTestSupport.collector(collector.url, maximumPendingBytes: limit), pacing: PacingLog(longest: 0).pacing)
        Self.playIncompressible(recorder)
        let first = try await ReportTestSupport.report(recorder, note: "in flight").get()
        #expect(await eventually(30) { collector.requests.count == 1 }, "the first upload never reached the collector")
        let second = try await ReportTestSupport.report(recorder, note: "second").get()
        let third = try await ReportTestSupport.report(recorder, note: "third").get()
        try recorder.stop()

        #expect(third.droppedReports == 1)
        #expect(ReportTestSupport.pending(in: folder) == [first.path, third.path], "second: \(second.path)")
        #expect(collector.requests.count == 1)
    }

    @Test func aReportLargerThanTheBoundIsRefusedWithTheSettingsName() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let recorder = try ReportTestSupport.recorder(
            folder, ReportTestSupport.collector("http://127.0.0.1:9", maximumPendingBytes: 4096),
            pacing: PacingLog(longest: 0).pacing)
        Self.playIncompressible(recorder)
        let outcome = await ReportTestSupport.report(recorder, note: "")
        try recorder.stop()
        guard case .failure(let error) = outcome else {
            Issue.record("a 23 KB report was sealed under a 4 KiB bound")
            return
        }
        #expect(error.message.contains("larger than collector.maximumPendingBytes (4096)"), "\(error)")
        #expect(ReportTestSupport.pending(in: folder).isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/reports")
        #expect(names.isEmpty, "\(names)")
    }

    @Test func leftoversOfAnInterruptedSealAreDeletedAtStart() throws {
        let folder = try TestFolder("tapedeck-recorder")
        try folder.write("half", to: "reports/report-000000007-abc.staged")
        try folder.write("half", to: "reports/report-000000007-abc.staged.partial")
        try folder.write("3\n", to: "reports/dropped-reports")
        try folder.write("mine", to: "reports/notes.txt")
        let pending = try PendingReports(directory: folder.path)
        #expect(!folder.exists("reports/report-000000007-abc.staged"))
        #expect(!folder.exists("reports/report-000000007-abc.staged.partial"))
        #expect(folder.read("reports/notes.txt") == "mine", "only the recorder's own names are deleted")
        #expect(pending.dropsToReport == 3, "drops counted by an earlier run still go out")
        #expect(pending.entries().isEmpty)
    }
}
