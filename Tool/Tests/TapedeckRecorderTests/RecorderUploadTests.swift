import Foundation
import TapedeckCore
import TapedeckRedaction
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

@testable import TapedeckRecorder

/// Issue 52, item 1: `report(note:)` seals the last minutes into a tape with the contract's labels
/// and the uploader delivers it to a collector on loopback (a real HTTP server, SwiftNIO), by the
/// contract's client rule: 2xx delete, 400/413/415 delete and count, anything else retry with backoff.
@Suite(.ownThread) struct RecorderUploadTests {
    @Test func aReportReachesTheCollectorWithItsLabelsAndReadsAsATape() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let collector = try await LoopbackCollector.start(token: ReportTestSupport.token)
        defer { Task { await collector.shutdown() } }
        let recorder = try ReportTestSupport.recorder(
            folder, ReportTestSupport.collector(collector.url), pacing: PacingLog(longest: 0).pacing)
        ReportTestSupport.play(recorder, count: 20)
        // 4 KB that do not compress: a body past libcurl's 1 KiB threshold for `Expect: 100-continue`.
        var generator = SeededGenerator(seed: 1)
        recorder.received((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }, binary: true)
        recorder.mark("tapped Claim")
        let report = try await ReportTestSupport.report(recorder, note: "Claim did nothing").get()
        #expect(report.kind == .manual)
        #expect(report.recordCount == 23)
        #expect(report.bytes > 4096)
        #expect(report.droppedReports == 0)

        #expect(await eventually(30) { recorder.reportStatus.delivered == 1 }, "\(recorder.reportStatus)")
        #expect(recorder.reportStatus.pending == 0)
        #expect(ReportTestSupport.pending(in: folder).isEmpty, "a delivered report is deleted")
        try recorder.stop()
        await collector.shutdown()

        let request = try #require(collector.requests.first)
        #expect(collector.requests.count == 1)
        #expect(request.method == "POST" && request.uri == "/v1/reports" && request.status == 201)
        #expect(request.headers["authorization"] == "Bearer \(ReportTestSupport.token)")
        #expect(request.headers["content-type"] == "application/vnd.tapedeck.tape")
        #expect(request.headers["content-length"] == String(request.body.count))
        #expect(UInt64(request.body.count) == report.bytes)
        #expect(request.headers["expect"] == nil, "the body waited for a 100 Continue the collector need not send")

        let tape = try collector.read(0)
        #expect(tape.end == .complete)
        let labels = tape.metadata.labels
        #expect(labels["report.id"] == report.id)
        #expect(UUID(uuidString: report.id) != nil && report.id == report.id.lowercased())
        #expect(labels["report.kind"] == "manual")
        #expect(labels["report.note"] == "Claim did nothing")
        #expect(labels["report.sealed"].flatMap { RFC3339.milliseconds($0) } != nil, "\(labels)")
        #expect(labels["report.droppedReports"] == nil)
        #expect(labels["app.version"] == "1.4.2" && labels["app.build"] == "311")
        #expect(labels["os"] == ReportOrigin.operatingSystem())
        #expect(labels["device"] == ReportOrigin.deviceModel() && labels["device"]?.isEmpty == false)
        #if os(Linux)
        #expect(labels["os"]?.hasPrefix("Linux ") == true)
        #endif
        #expect(labels["tester"] == "ana", "the app's own labels are kept")
        #expect(labels["droppedRecords"] == "0")
        #expect(ReportTestSupport.numbers(tape) == Array(0..<20))
        #expect(tape.records.last.map(tape.text) == "tapped Claim")
    }

    @Test func whatTheCollectorGetsIsRedacted() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let collector = try await LoopbackCollector.start(token: ReportTestSupport.token)
        defer { Task { await collector.shutdown() } }
        let secrets = ["Dt0k-52-c0ffee", "sessiontoken-52aa"]
        let recorder = try FlightRecorder(
            configuration: FlightRecorderConfiguration(
                directory: folder, serverURL: "wss://game.example/ws?token=\(secrets[1])",
                collector: ReportTestSupport.collector(collector.url)),
            pacing: PacingLog(longest: 0).pacing)
        recorder.opened()
        recorder.sent(text: #"{"type":"registerDevice","message":{"deviceToken":"\#(secrets[0])"}}"#)
        _ = try await ReportTestSupport.report(recorder, note: "").get()
        #expect(await eventually(30) { recorder.reportStatus.delivered == 1 }, "\(recorder.reportStatus)")
        try recorder.stop()

        let tape = try collector.read(0)
        let text = tape.records.map(tape.text).joined(separator: "\n")
        #expect(text.contains("registerDevice") && text.contains(Redactor.tokenPrefix), "\(text)")
        #expect(tape.metadata.upstreamURL?.hasPrefix("wss://game.example/ws?token=redacted:") == true)
        for secret in secrets {
            #expect(!text.contains(secret) && !(tape.metadata.upstreamURL ?? "").contains(secret))
            #expect(collector.tapes[0].bytes.withUnsafeBufferPointer { Data($0) }.range(of: Data(secret.utf8)) == nil)
        }
    }

    @Test func aCollectorAnswering503IsRetriedUntilItStoresTheReportOnce() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let collector = try await LoopbackCollector.start(token: ReportTestSupport.token, script: [503, 503])
        defer { Task { await collector.shutdown() } }
        let log = PacingLog(longest: 0)
        let recorder = try ReportTestSupport.recorder(folder, ReportTestSupport.collector(collector.url), pacing: log.pacing)
        ReportTestSupport.play(recorder, count: 5)
        let report = try await ReportTestSupport.report(recorder, note: "").get()

        #expect(await eventually(30) { recorder.reportStatus.delivered == 1 }, "\(recorder.reportStatus)")
        let status = recorder.reportStatus
        try recorder.stop()
        #expect(collector.requests.map(\.status) == [503, 503, 201])
        #expect(collector.tapes.count == 1)
        #expect(try collector.read(0).metadata.labels["report.id"] == report.id)
        #expect(status.failedAttempts == 2 && status.rejected == 0 && status.pending == 0)
        #expect(status.lastFailure?.contains("HTTP 503: scripted 503") == true, "\(status)")
        // Full jitter: the n-th wait in a row is drawn from 0 up to 1 s doubled n-1 times.
        let delays = log.delays
        #expect(delays.count == 2)
        #expect(delays[0] <= 1_000_000_000 && delays[1] <= 2_000_000_000, "\(delays)")
    }

    @Test func aRefusedTokenIsKeptAndDeliveredOnceTheCollectorTakesIt() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let collector = try await LoopbackCollector.start(token: "the-collectors-other-token")
        defer { Task { await collector.shutdown() } }
        let recorder = try ReportTestSupport.recorder(
            folder, ReportTestSupport.collector(collector.url), pacing: PacingLog(longest: 5_000_000).pacing)
        ReportTestSupport.play(recorder, count: 5)
        let report = try await ReportTestSupport.report(recorder, note: "after 401").get()

        #expect(await eventually(30) { recorder.reportStatus.failedAttempts >= 2 }, "\(recorder.reportStatus)")
        #expect(recorder.reportStatus.lastFailure?.contains("HTTP 401") == true)
        #expect(ReportTestSupport.pending(in: folder) == [report.path], "a 401 keeps the report")
        collector.accept(token: ReportTestSupport.token)

        #expect(await eventually(30) { recorder.reportStatus.delivered == 1 }, "\(recorder.reportStatus)")
        try recorder.stop()
        #expect(collector.requests.allSatisfy { $0.status == 401 || $0.status == 201 })
        #expect(collector.requests.last?.status == 201)
        #expect(collector.tapes.count == 1 && ReportTestSupport.pending(in: folder).isEmpty)
        #expect(try collector.read(0).metadata.labels["report.note"] == "after 401")
    }

    @Test func aReportRefusedFor400IsDeletedAndCounted() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let collector = try await LoopbackCollector.start(token: ReportTestSupport.token, script: [400])
        defer { Task { await collector.shutdown() } }
        let recorder = try ReportTestSupport.recorder(
            folder, ReportTestSupport.collector(collector.url), pacing: PacingLog(longest: 0).pacing)
        ReportTestSupport.play(recorder, count: 5)
        _ = try await ReportTestSupport.report(recorder, note: "").get()

        #expect(await eventually(30) { recorder.reportStatus.rejected == 1 }, "\(recorder.reportStatus)")
        let status = recorder.reportStatus
        #expect(status.delivered == 0 && status.failedAttempts == 0 && status.pending == 0)
        #expect(status.lastFailure?.contains("refused: HTTP 400: scripted 400") == true, "\(status)")
        #expect(ReportTestSupport.pending(in: folder).isEmpty)
        // Not retried: the next report is the next request.
        _ = try await ReportTestSupport.report(recorder, note: "second").get()
        #expect(await eventually(30) { recorder.reportStatus.delivered == 1 }, "\(recorder.reportStatus)")
        try recorder.stop()
        #expect(collector.requests.map(\.status) == [400, 201])
        #expect(try collector.read(0).metadata.labels["report.note"] == "second")
    }

    @Test func aReportTheCollectorNeverGotIsDeliveredByTheNextLaunch() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        // A port with nothing listening yet: the first launch's uploads find no collector.
        let probe = try await LoopbackCollector.start(token: ReportTestSupport.token)
        let port = probe.port
        await probe.shutdown()
        let configuration = ReportTestSupport.collector("http://127.0.0.1:\(port)/")
        let first = try ReportTestSupport.recorder(folder, configuration, pacing: PacingLog(longest: 5_000_000).pacing)
        ReportTestSupport.play(first, count: 8)
        let report = try await ReportTestSupport.report(first, note: "offline").get()
        #expect(await eventually(30) { first.reportStatus.failedAttempts >= 1 }, "\(first.reportStatus)")
        #expect(first.reportStatus.lastFailure?.contains("no answer") == true, "\(first.reportStatus)")
        try first.stop()
        #expect(ReportTestSupport.pending(in: folder) == [report.path], "the report waits on disk across launches")

        let collector = try await LoopbackCollector.start(token: ReportTestSupport.token, port: port)
        defer { Task { await collector.shutdown() } }
        let second = try ReportTestSupport.recorder(folder, configuration, pacing: PacingLog(longest: 0).pacing)
        #expect(await eventually(30) { second.reportStatus.delivered == 1 }, "\(second.reportStatus)")
        try second.stop()
        #expect(collector.tapes.count == 1 && ReportTestSupport.pending(in: folder).isEmpty)
        let tape = try collector.read(0)
        #expect(tape.metadata.labels["report.id"] == report.id)
        #expect(tape.metadata.labels["report.kind"] == "manual", "a clean stop leaves no crash report")
        #expect(ReportTestSupport.numbers(tape) == Array(0..<8))
    }

    @Test func reportReturnsAtOnceWhileTheWriterIsHeld() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let collector = try await LoopbackCollector.start(token: ReportTestSupport.token)
        defer { Task { await collector.shutdown() } }
        let recorder = try ReportTestSupport.recorder(
            folder, ReportTestSupport.collector(collector.url), pacing: PacingLog(longest: 0).pacing)
        ReportTestSupport.play(recorder, count: 3)
        _ = try recorder.export(last: .seconds(60), to: folder + "/settled.tape")
        recorder.holdWriter(true)
        let outcome = ReportOutcomeBox()
        recorder.report(note: "button") { outcome.set($0) }
        // Back from the call with the writer held: nothing sealed, no answer yet.
        #expect(outcome.value == nil)
        #expect(ReportTestSupport.pending(in: folder).isEmpty && collector.requests.isEmpty)
        recorder.holdWriter(false)

        #expect(await eventually(30) { outcome.value != nil })
        let report = try #require(try outcome.value?.get())
        #expect(report.recordCount == 4)
        #expect(await eventually(30) { recorder.reportStatus.delivered == 1 }, "\(recorder.reportStatus)")
        try recorder.stop()
        #expect(try collector.read(0).metadata.labels["report.id"] == report.id)
    }

    @Test func withoutACollectorOrAfterStopNoReportIsSealed() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let plain = try FlightRecorder(configuration: FlightRecorderConfiguration(directory: folder))
        let unconfigured = await ReportTestSupport.report(plain, note: "")
        #expect(throws: FlightRecorderError.self) { try unconfigured.get() }
        if case .failure(let error) = unconfigured { #expect(error.message.contains("FlightRecorderConfiguration.collector")) }
        #expect(plain.reportStatus == FlightRecorderReportStatus())
        try plain.stop()
        #expect(!FileManager.default.fileExists(atPath: folder + "/reports"))

        let sending = try ReportTestSupport.recorder(
            folder, ReportTestSupport.collector("http://127.0.0.1:9"), pacing: PacingLog(longest: 0).pacing)
        try sending.stop()
        let late = await ReportTestSupport.report(sending, note: "")
        if case .failure(let error) = late {
            #expect(error.message.contains("stopped"))
        } else {
            Issue.record("sealed after stop")
        }
    }
}

/// `report(note:)`'s answer, set on the writer thread and read by the test.
///
/// `@unchecked Sendable`: `stored` is touched only under `lock`.
final class ReportOutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Result<FlightRecorderReport, FlightRecorderError>?
    var value: Result<FlightRecorderReport, FlightRecorderError>? { lock.withLock { stored } }
    func set(_ outcome: Result<FlightRecorderReport, FlightRecorderError>) { lock.withLock { stored = outcome } }
}
