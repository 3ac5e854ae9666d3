import Foundation
import TapedeckRecorder

/// One install of the field app: its own flight recorder folder, its build, its collector. It
/// plays `reports` sessions and reports a problem after each; the first `duplicates` reports are
/// kept aside as sealed and, once everything is delivered, put back and sent again by a relaunched
/// recorder: the retry of an upload whose acknowledgement was lost, byte for byte.
struct FieldClient: Sendable {
    var index: Int
    var folder: String
    var collector: String
    var token: String
    var buggy: Bool
    var reports: Int
    var duplicates: Int

    struct Outcome: Sendable {
        var reportIDs: [String]
        var duplicated: Int
        var delivered: Int
        var failedAttempts: Int
    }

    var version: String { buggy ? "2.0" : "1.9" }

    func run(deadline: Date) throws -> Outcome {
        var recorder = try launch()
        var ids: [String] = []
        var kept: [String] = []
        for number in 0..<reports {
            let session = FieldSession(seed: index * 1000 + number, buggy: buggy)
            recorder.opened()
            for message in session.messages {
                if message.sent { recorder.sent(text: message.text) } else { recorder.received(text: message.text) }
            }
            recorder.closed(code: 1000)
            let sealed = try Self.waitFor { done in
                recorder.report(note: "client \(index) report \(number)") { done($0) }
            }
            ids.append(sealed.id)
            if number < duplicates {
                let copy = folder + "/kept-\(number).tape"
                try FileManager.default.copyItem(atPath: sealed.path, toPath: copy)
                kept.append(copy)
            }
        }
        var delivered = try waitUntilSent(recorder, deadline: deadline)
        var failed = recorder.reportStatus.failedAttempts
        if !kept.isEmpty {
            try recorder.stop()
            // Next to the recorder's own pending reports, numbered after every one it made.
            for (offset, copy) in kept.enumerated() {
                let name = String(format: "report-%09d-resent-%d.tape", 900_000_000 + offset, offset)
                try FileManager.default.moveItem(atPath: copy, toPath: folder + "/reports/" + name)
            }
            recorder = try launch()
            delivered += try waitUntilSent(recorder, deadline: deadline)
            failed += recorder.reportStatus.failedAttempts
        }
        try recorder.stop()
        return Outcome(reportIDs: ids, duplicated: kept.count, delivered: delivered, failedAttempts: failed)
    }

    private func launch() throws -> FlightRecorder {
        try FlightRecorder(
            configuration: FlightRecorderConfiguration(
                directory: folder,
                collector: ReportCollector(
                    url: collector, token: token, retryBase: .milliseconds(50), retryCeiling: .seconds(1),
                    appVersion: version, appBuild: buggy ? "200" : "190", operatingSystem: "iOS 17.5",
                    deviceModel: "iPhone15,\(index % 5)")))
    }

    /// Waits until nothing is pending (the collector acknowledged every report); returns the count delivered.
    private func waitUntilSent(_ recorder: FlightRecorder, deadline: Date) throws -> Int {
        while recorder.reportStatus.pending > 0 {
            guard Date() < deadline else {
                throw FieldAppError(
                    "client \(index): \(recorder.reportStatus.pending) reports still pending at the deadline; last failure: \(recorder.reportStatus.lastFailure ?? "none")"
                )
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return recorder.reportStatus.delivered
    }

    /// Calls `start` with a completion and waits for it.
    private static func waitFor(
        _ start: (@escaping @Sendable (Result<FlightRecorderReport, FlightRecorderError>) -> Void) -> Void
    ) throws -> FlightRecorderReport {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<FlightRecorderReport, FlightRecorderError>?
        start { outcome in
            result = outcome
            done.signal()
        }
        done.wait()
        return try result!.get()
    }
}

struct FieldAppError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
