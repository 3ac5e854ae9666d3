import Foundation
import TapedeckTestFixtures

@testable import TapedeckRecorder

/// What the report tests share: a recorder with a collector, its uploader's backoff delays
/// recorded instead of waited, and `report(note:)`'s outcome awaited.
enum ReportTestSupport {
    /// The upload token the tests' apps send.
    static let token = "test-token-52"

    /// A collector configuration for `url`, with the app's labels given (the OS and device left to
    /// the defaults) and a short window.
    static func collector(_ url: String, maximumPendingBytes: Int = 32 << 20) -> ReportCollector {
        ReportCollector(
            url: url, token: token, window: .seconds(60), maximumPendingBytes: maximumPendingBytes,
            retryBase: .seconds(1), retryCeiling: .seconds(8), appVersion: "1.4.2", appBuild: "311")
    }

    /// A recorder on `folder` sending to `collector`; `pacing` decides the backoff's real waits.
    static func recorder(
        _ folder: String, _ collector: ReportCollector, pacing: BackoffPacing, labels: [String: String] = ["tester": "ana"]
    ) throws -> FlightRecorder {
        try FlightRecorder(
            configuration: FlightRecorderConfiguration(directory: folder, labels: labels, collector: collector),
            pacing: pacing)
    }

    /// Calls `report(note:)` and waits (without holding a thread) for the writer's answer.
    static func report(_ recorder: FlightRecorder, note: String) async -> Result<FlightRecorderReport, FlightRecorderError> {
        await withCheckedContinuation { continuation in
            recorder.report(note: note) { continuation.resume(returning: $0) }
        }
    }

    /// The report files waiting in `folder`'s `reports/`, oldest first.
    static func pending(in folder: String) -> [String] {
        let reports = folder + "/reports"
        return ((try? FileManager.default.contentsOfDirectory(atPath: reports)) ?? [])
            .filter { $0.hasPrefix("report-") && $0.hasSuffix(".tape") }.sorted().map { reports + "/" + $0 }
    }

    /// Some traffic: an open and `count` numbered messages received.
    static func play(_ recorder: FlightRecorder, count: Int, from first: Int = 0) {
        recorder.opened()
        for index in first..<first + count { recorder.received(text: "{\"type\":\"u\",\"message\":{\"n\":\(index)}}") }
    }

    /// The numbers of a tape's numbered messages, in order.
    static func numbers(_ tape: TapeContents) -> [Int] {
        tape.records.filter { $0.kind == .text }.compactMap { record in
            Int(String(decoding: record.payload, as: UTF8.self).split(separator: ":").last!.dropLast(2))
        }
    }
}

/// The backoff delays an uploader drew, each waited only up to `longest` nanoseconds (0: none),
/// or, with `untilStop`, waited until `stop()` whatever was drawn.
///
/// `@unchecked Sendable`: the uploader's thread appends, the test reads; both under `lock`.
final class PacingLog: @unchecked Sendable {
    private let lock = NSLock()
    private var drawn: [UInt64] = []
    let longest: UInt64
    let untilStop: Bool

    init(longest: UInt64) {
        self.longest = longest
        untilStop = false
    }

    /// A log whose uploader, once an upload failed, waits until `stop()`: no upload is in flight after.
    init(untilStop: Bool) {
        longest = 0
        self.untilStop = untilStop
    }

    var delays: [UInt64] { lock.withLock { drawn } }

    var pacing: BackoffPacing {
        BackoffPacing { [self] delay in
            lock.withLock { drawn.append(delay) }
            return untilStop ? 86_400_000_000_000 : min(delay, longest)
        }
    }
}
