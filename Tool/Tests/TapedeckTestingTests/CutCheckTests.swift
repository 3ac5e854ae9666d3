import Foundation
import TapedeckTesting
import Testing

/// Cuts beyond the recording (issue 43): the connection is dropped after chosen records, and the
/// app must show it, stop using the dead socket and reconnect within its declared backoff.
@MainActor
@Suite struct CutCheckTests {
    static func cuts(_ regression: BackoffApp.Regression?, _ check: CutCheck) async throws -> CutReport {
        let path = try ReplayClockTests.backoffTape()
        defer { try? FileManager.default.removeItem(atPath: path) }
        return await AppReplay(goldens: NSTemporaryDirectory(), record: .none) {
            BackoffAdapter(network: $0, regression: regression)
        }.checkCuts(tape: path, check)
    }

    @Test func theAppTakesACutAfterEveryRecordWithAConnectionOpen() async throws {
        // After four failures in a row the app waits 8 s: the bound allows it.
        let report = try await Self.cuts(nil, CutCheck(at: .every(1), reconnect: .seconds(1) ... .seconds(10)))
        #expect(report.passed, "\(report)")
        // After records 1, 2 (connection 1) and 7, 8, 9 (connection 5); after the others no
        // connection is open (the app waits for its next attempt).
        #expect(report.cuts == [1, 2, 7, 8, 9], "\(report)")
    }

    @Test(arguments: [
        (
            BackoffApp.Regression.reconnectsAtOnce,
            ["the app reconnected 0.000s after the drop, before its backoff allows (1.000s)"]
        ),
        (.neverReconnects, ["the app did not reconnect within 5.000s of the drop"]),
        (.sendsOnTheDeadSocket, ["connection 1: ping was sent after the connection had closed or failed"]),
        (.showsConnectedAfterADrop, ["the app still says it is connected after the drop"]),
        (
            .keepsReadingTheDeadSocket,
            [
                "the app did not reconnect within 5.000s of the drop",
                "its receive loop did not end: it asked the dropped connection for a message 101 times",
            ]
        ),
    ])
    func eachRegressionFailsTheCutWithItsProblem(regression: BackoffApp.Regression, problems: [String]) async throws {
        let report = try await Self.cuts(regression, CutCheck(at: .record(1), reconnect: .seconds(1) ... .seconds(5)))
        #expect(report.failures.map(\.record) == [1], "\(report)")
        #expect(report.failures.first?.time == .init(nanoseconds: 500_000_000))
        #expect(report.failures.first?.problems.map(\.description) == problems, "\(report)")
    }

    /// No cut made is a failure, never a pass (issue 50): an unreadable tape, a record past the
    /// end, `.every(0)`.
    @Test func aCheckThatMadeNoCutFails() async throws {
        let missing = await AppReplay(goldens: NSTemporaryDirectory(), record: .none) {
            BackoffAdapter(network: $0, regression: nil)
        }.checkCuts(tape: "/nonexistent/typo.tape", CutCheck(at: .every(1), reconnect: .seconds(1) ... .seconds(10)))
        #expect(!missing.passed)
        guard case .unreadable = missing.noCut else {
            Issue.record("\(missing)")
            return
        }
        #expect(missing.description.hasPrefix("typo.tape: the tape cannot be read ("), "\(missing)")
        for points in [CutCheck.Points.record(500), .every(0), .record(-1)] {
            let report = try await Self.cuts(nil, CutCheck(at: points, reconnect: .seconds(1) ... .seconds(10)))
            #expect(!report.passed, "\(points)")
            #expect(report.noCut == .noPoint(points, records: 10), "\(report)")
        }
    }

    @Test func everyCutIsReportedWhenAsked() async throws {
        let first = try await Self.cuts(.reconnectsAtOnce, CutCheck(at: .every(1), reconnect: .seconds(1) ... .seconds(5)))
        #expect(first.failures.map(\.record) == [1])
        let all = try await Self.cuts(
            .reconnectsAtOnce, CutCheck(at: .every(1), reconnect: .seconds(1) ... .seconds(5), stopsAtFirstFailure: false))
        // Reconnecting at once, it has a connection open after every record.
        #expect(all.failures.map(\.record) == Array(1...9))
        #expect(all.description.hasPrefix("backoff-"), "\(all)")
        #expect(
            all.description.contains(": 9 cuts, 9 failed\n  cut after record 1 (t=0.500s):\n    the app reconnected"), "\(all)")
    }

    @Test func aSeededSampleCutsTheSameRecordsEveryRun() {
        let check = CutCheck(at: .sample(count: 5, seed: 42), reconnect: .seconds(1) ... .seconds(5))
        let seen = Set((0..<10).map { _ in check.records(inTapeOf: 1000) })
        #expect(seen.count == 1)
        #expect(seen.first?.count == 5)
    }
}
