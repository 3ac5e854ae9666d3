import Foundation
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

@testable import TapedeckRecorder

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 52, item 1: a run that ends without `stop()` leaves the crash marker; the next recorder on
/// the folder seals that run's last minutes into a `report.kind = crash` report before it records,
/// and sends it.
@Suite(.ownThread) struct RecorderCrashReportTests {
    @Test func theLaunchAfterACrashSendsThePreviousRunsLastMinutes() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let collector = try await LoopbackCollector.start(token: ReportTestSupport.token)
        defer { Task { await collector.shutdown() } }
        let crashed = try ReportTestSupport.recorder(
            folder, ReportTestSupport.collector(collector.url), pacing: PacingLog(longest: 0).pacing,
            labels: ["run": "crashed"])
        ReportTestSupport.play(crashed, count: 50)
        crashed.mark("about to crash")
        // Segments written and closed, the marker left in place: what a crash leaves.
        try crashed.stopLeavingCrashMarker()
        let marker = try #require(RunMarker.read(in: folder))
        #expect(marker.labels["app.version"] == "1.4.2")

        var next = ReportTestSupport.collector(collector.url)
        next.appVersion = "1.4.3"
        let relaunched = try ReportTestSupport.recorder(
            folder, next, pacing: PacingLog(longest: 0).pacing, labels: ["run": "relaunched"])
        ReportTestSupport.play(relaunched, count: 3, from: 1000)
        #expect(await eventually(30) { relaunched.reportStatus.delivered == 1 }, "\(relaunched.reportStatus)")
        try relaunched.stop()
        #expect(!FileManager.default.fileExists(atPath: RunMarker.path(in: folder)), "a clean stop deletes the marker")

        #expect(collector.tapes.count == 1)
        let tape = try collector.read(0)
        let labels = tape.metadata.labels
        #expect(labels["report.kind"] == "crash")
        #expect(labels["report.note"] == "")
        #expect(labels["app.version"] == "1.4.2", "the crashed build, not the one after it")
        #expect(labels["run"] == "crashed")
        #expect(tape.metadata.created == marker.created)
        #expect(ReportTestSupport.numbers(tape) == Array(0..<50), "only the crashed run's records")
        #expect(tape.records.last.map(tape.text) == "about to crash")

        // A third launch after the clean stop seals nothing.
        let third = try ReportTestSupport.recorder(
            folder, ReportTestSupport.collector(collector.url), pacing: PacingLog(longest: 0).pacing)
        _ = try third.export(last: .seconds(60), to: folder + "/settle.tape")
        try third.stop()
        #expect(collector.requests.count == 1 && ReportTestSupport.pending(in: folder).isEmpty)
    }

    @Test func aKilledRunsTruncatedLastSegmentIsSealedUpToTheKill() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        // A crashed run by hand: its marker and a segment cut off mid-block, as SIGKILL leaves it.
        let created = "2026-01-02T03:04:05.000Z"
        let segment = folder + "/segment-000001.tape"
        let writer = try TapeWriter(
            path: segment, metadata: TapeMetadata(created: created, tool: "TapedeckRecorder 0.1.0", labels: ["run": "killed"]),
            options: RecorderWriter.segmentOptions)
        for index in 0..<40 {
            try writer.append(
                TapeRecord(
                    time: UInt64(index) * 1_000_000, direction: .s2c, kind: .text,
                    payload: Array("{\"type\":\"u\",\"message\":{\"n\":\(index)}}".utf8)))
        }
        try writer.flush()
        for index in 40..<60 {
            try writer.append(
                TapeRecord(
                    time: UInt64(index) * 1_000_000, direction: .s2c, kind: .text,
                    payload: Array("{\"type\":\"u\",\"message\":{\"n\":\(index)}}".utf8)))
        }
        try writer.flush()
        let whole = try FileManager.default.attributesOfItem(atPath: segment)[.size] as! UInt64
        #expect(truncate(segment, off_t(whole - 7)) == 0)
        try RunMarker(after: 0, created: created, labels: ["app.version": "0.9"]).write(in: folder)

        let recorder = try ReportTestSupport.recorder(
            folder, ReportTestSupport.collector("http://127.0.0.1:9"), pacing: PacingLog(untilStop: true).pacing)
        #expect(await eventually(30) { ReportTestSupport.pending(in: folder).count == 1 })
        try recorder.stop()
        let report = try TapeContents(path: try #require(ReportTestSupport.pending(in: folder).first))
        #expect(report.end == .complete)
        #expect(report.metadata.labels["report.kind"] == "crash")
        #expect(report.metadata.labels["app.version"] == "0.9")
        #expect(report.metadata.labels["run"] == "killed")
        #expect(ReportTestSupport.numbers(report) == Array(0..<40), "the records up to the cut")
    }

    @Test func anAppKilledWithSIGKILLHasItsLastRecordsSentAtTheNextLaunch() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let collector = try await LoopbackCollector.start(token: ReportTestSupport.token)
        defer { Task { await collector.shutdown() } }
        let child = try ChildProcess(
            ChildProcess.tapedeck,
            [
                "dev", "recorder-write", "--dir", folder, "--rate", "2000", "--flush-interval-ms", "50",
                "--report-every", "20", "--collector-url", collector.url, "--collector-token", ReportTestSupport.token,
            ])
        let lines = RecorderTestFiles.recorded(
            (try? await child.output(until: { RecorderTestFiles.recorded($0).count >= 50 }, seconds: 120)) ?? child.outputSoFar)
        child.signal(SIGKILL)
        let killed = await child.wait()
        #expect(killed.signalled && killed.status == SIGKILL)
        try #require(lines.count >= 50, "the recorder stopped after \(lines.count) reports")
        #expect(FileManager.default.fileExists(atPath: RunMarker.path(in: folder)), "the kill left the marker")
        // What the killed run's segments hold: the report must hold all of it (RecorderKillTests
        // bounds what a kill loses).
        let onDisk = try RecorderTestFiles.segments(in: folder).flatMap { segment in
            (try? TapeContents(path: segment)).map(ReportTestSupport.numbers) ?? []
        }

        let relaunched = try ReportTestSupport.recorder(
            folder, ReportTestSupport.collector(collector.url), pacing: PacingLog(longest: 0).pacing)
        #expect(await eventually(30) { relaunched.reportStatus.delivered == 1 }, "\(relaunched.reportStatus)")
        try relaunched.stop()
        let tape = try collector.read(0)
        #expect(tape.metadata.labels["report.kind"] == "crash")
        #expect(tape.metadata.labels["generator"] == "tapedeck dev recorder-write")
        let numbers = ReportTestSupport.numbers(tape)
        #expect(numbers == onDisk && numbers == Array(0..<numbers.count), "not the killed run's records in order")
        // Records given to the recorder halfway through the run were flushed long before the kill.
        #expect(
            numbers.count >= lines[lines.count / 2].count,
            "\(numbers.count) records; \(lines[lines.count / 2].count) were recorded halfway")
    }
}
