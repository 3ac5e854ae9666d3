import Foundation
import TapedeckTestFixtures
import TestSupport
import Testing

@testable import TapedeckRecorder

/// Issue 52, item 1: `stop()` ends the uploader at once, whether an upload hangs on a collector
/// that never answers (URLSession's own timeout is a minute) or a backoff wait has minutes to
/// go; the report stays for the next launch.
@Suite(.ownThread) struct RecorderUploaderStopTests {
    @Test func stopCancelsAnUploadTheCollectorNeverAnswers() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let collector = try await LoopbackCollector.start(token: ReportTestSupport.token, silent: true)
        defer { Task { await collector.shutdown() } }
        let recorder = try FlightRecorder(
            configuration: FlightRecorderConfiguration(directory: folder, collector: ReportTestSupport.collector(collector.url)))
        ReportTestSupport.play(recorder, count: 5)
        let report = try await ReportTestSupport.report(recorder, note: "").get()
        #expect(await eventually(30) { collector.requests.count == 1 }, "the upload never reached the collector")

        let started = ContinuousClock.now
        try recorder.stop()
        let took = ContinuousClock.now - started
        #expect(took < .seconds(5), "stop() took \(took) with an upload in flight")
        #expect(ReportTestSupport.pending(in: folder) == [report.path])
        #expect(recorder.reportStatus.delivered == 0)
    }

    @Test func stopEndsABackoffWaitAtOnce() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        // Nothing listens on port 9: the upload fails and the uploader waits up to 10 minutes, for real.
        var settings = ReportTestSupport.collector("http://127.0.0.1:9")
        settings.retryBase = .seconds(600)
        settings.retryCeiling = .seconds(3600)
        let recorder = try FlightRecorder(configuration: FlightRecorderConfiguration(directory: folder, collector: settings))
        ReportTestSupport.play(recorder, count: 5)
        let report = try await ReportTestSupport.report(recorder, note: "").get()
        #expect(await eventually(30) { recorder.reportStatus.failedAttempts >= 1 }, "\(recorder.reportStatus)")

        let started = ContinuousClock.now
        try recorder.stop()
        let took = ContinuousClock.now - started
        #expect(took < .seconds(5), "stop() took \(took) during a backoff wait")
        #expect(ReportTestSupport.pending(in: folder) == [report.path])
    }
}
