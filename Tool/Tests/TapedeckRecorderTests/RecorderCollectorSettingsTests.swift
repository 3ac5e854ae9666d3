import Foundation
import TapedeckCore
import TapedeckTestFixtures
import Testing

@testable import TapedeckRecorder

/// Issue 52, item 1: every collector setting is range-checked with an error naming it, and the
/// backoff's waits are full jitter under a doubling cap.
@Suite struct RecorderCollectorSettingsTests {
    @Test(arguments: [
        (ReportCollector(url: "inbox.example.com", token: "t"), "collector.url must be an http or https address"),
        (ReportCollector(url: "ftp://inbox.example.com", token: "t"), "collector.url"),
        (ReportCollector(url: "https://inbox.example.com/?key=1", token: "t"), "no query or fragment"),
        (ReportCollector(url: "https://inbox.example.com", token: ""), "collector.token must be 1 to 4096"),
        (ReportCollector(url: "https://inbox.example.com", token: "two words"), "without spaces"),
        (
            ReportCollector(url: "https://x.example", token: "t", window: .milliseconds(10)),
            "collector.window must be from 1 second"
        ),
        (ReportCollector(url: "https://x.example", token: "t", window: .seconds(90_000)), "collector.window"),
        (
            ReportCollector(url: "https://x.example", token: "t", maximumPendingBytes: 100),
            "collector.maximumPendingBytes must be from 4096"
        ),
        (
            ReportCollector(url: "https://x.example", token: "t", retryBase: .zero),
            "collector.retryBase must be from 1 millisecond"
        ),
        (
            ReportCollector(url: "https://x.example", token: "t", retryBase: .seconds(10), retryCeiling: .seconds(5)),
            "collector.retryBase"
        ),
        (
            ReportCollector(url: "https://x.example", token: "t", retryCeiling: .seconds(100_000)),
            "collector.retryCeiling must be"
        ),
    ])
    func aSettingOutOfRangeIsRefusedByName(collector: ReportCollector, message: String) throws {
        let folder = try TestFolder("tapedeck-recorder").path
        do {
            _ = try FlightRecorder(configuration: FlightRecorderConfiguration(directory: folder, collector: collector))
            Issue.record("accepted \(collector)")
        } catch {
            #expect(error.message.hasPrefix("FlightRecorderConfiguration: "), "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: RunMarker.path(in: folder)))
    }

    @Test func reportsArePostedUnderTheCollectorsPath() {
        #expect(
            ReportCollector(url: "https://inbox.example.com", token: "t").endpoint?.absoluteString
                == "https://inbox.example.com/v1/reports")
        #expect(
            ReportCollector(url: "http://10.0.0.5:8080/team/", token: "t").endpoint?.absoluteString
                == "http://10.0.0.5:8080/team/v1/reports")
    }

    @Test func theBackoffDoublesFromItsBaseToItsCeilingWithFullJitter() {
        let backoff = RetryBackoff(base: 1_000_000_000, ceiling: 3_600_000_000_000)
        let caps = (0...14).map { backoff.cap(afterFailures: $0) / 1_000_000_000 }
        #expect(caps == [0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 3600, 3600])
        #expect(backoff.cap(afterFailures: 10_000) == 3_600_000_000_000, "no overflow after many failures")
        var generator = SeededGenerator(seed: 7)
        let draws = (0..<1_000).map { _ in backoff.delay(afterFailures: 3, using: &generator) }
        #expect(draws.allSatisfy { $0 <= 4_000_000_000 })
        // Spread over the whole range, not clustered at the cap (full jitter, not "cap plus a bit").
        #expect(draws.contains { $0 < 1_000_000_000 } && draws.contains { $0 > 3_000_000_000 })
    }

    @Test func theContractsClientRuleSortsTheAnswers() {
        #expect(UploadOutcome.of(status: 201, body: nil) == .delivered)
        #expect(UploadOutcome.of(status: 200, body: Data(#"{"report":"ab","duplicate":true}"#.utf8)) == .delivered)
        for status in [400, 413, 415] {
            guard case .refused = UploadOutcome.of(status: status, body: nil) else {
                Issue.record("\(status) is not refused")
                continue
            }
        }
        for status in [401, 404, 411, 429, 500, 503] {
            guard case .retry = UploadOutcome.of(status: status, body: nil) else {
                Issue.record("\(status) is not retried")
                continue
            }
        }
        #expect(UploadOutcome.of(status: 401, body: Data(#"{"error":"wrong token"}"#.utf8)) == .retry("HTTP 401: wrong token"))
    }

    @Test func theOriginDefaultsComeFromTheProcess() {
        let labels = ReportOrigin.labels(for: ReportCollector(url: "https://x.example", token: "t", appVersion: "2.0"))
        #expect(labels["app.version"] == "2.0")
        let version = ProcessInfo.processInfo.operatingSystemVersion
        #expect(labels["os"]?.contains("\(version.majorVersion).\(version.minorVersion)") == true, "\(labels)")
        var names = utsname()
        #expect(uname(&names) == 0)
        let machine = withUnsafeBytes(of: &names.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        #expect(labels["device"] == machine)
    }
}
