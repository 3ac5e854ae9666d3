import BaoLifeAfter
import Foundation
import TapedeckTesting
import Testing

/// The same tape and the same build give the same report, byte for byte (issue 50): the clean
/// build and each of its 11 regressions, replayed `TAPEDECK_DETERMINISM_RUNS` times (2 in `make
/// test`; `scripts/determinism.sh` runs 50 with a CPU hog per core beside them and prints each
/// report's digest).
@MainActor
@Suite struct DeterminismTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var regressions: Regressions
        var tape: String
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "clean", regressions: [], tape: "drop-reconnect"),
        Case(name: "unclaimedCountNotDecremented", regressions: .unclaimedCountNotDecremented, tape: "claimable-events"),
        Case(name: "negativeEventsNotAutoClaimed", regressions: .negativeEventsNotAutoClaimed, tape: "claimable-events"),
        Case(name: "questionQueueNotAdvanced", regressions: .questionQueueNotAdvanced, tape: "questions"),
        Case(name: "lossClaimNotSent", regressions: .lossClaimNotSent, tape: "claimable-events"),
        Case(name: "claimTimestampWithoutFraction", regressions: .claimTimestampWithoutFraction, tape: "claimable-events"),
        Case(name: "answerSentTwice", regressions: .answerSentTwice, tape: "questions"),
        Case(name: "reconnectsWithoutBackoff", regressions: .reconnectsWithoutBackoff, tape: "drop-reconnect"),
        Case(name: "resyncIgnored", regressions: .resyncIgnored, tape: "drop-reconnect"),
        Case(name: "retriesOnTheDeadSocket", regressions: .retriesOnTheDeadSocket, tape: "claim-in-flight"),
        Case(name: "tapWhileOfflineSentOnDeadSocket", regressions: .tapWhileOfflineSentOnDeadSocket, tape: "claimable-events"),
        Case(name: "tapWhileOfflineLost", regressions: .tapWhileOfflineLost, tape: "claimable-events"),
    ]

    nonisolated static let runs = ProcessInfo.processInfo.environment["TAPEDECK_DETERMINISM_RUNS"].flatMap(Int.init) ?? 2

    /// Everything the replay reports of one case: the tape's checkpoints and sends, a cut after
    /// every 10th record with the next tap taken offline, and ten seeded fault schedules.
    static func report(_ testCase: Case) async -> String {
        let replay = Corpus.replay(record: .none) { AfterAdapter(network: $0, regressions: testCase.regressions) }
        let tape = Corpus.path(testCase.tape)
        let check = await replay.check(tape: tape)
        let cuts = await replay.checkCuts(
            tape: tape,
            CutCheck(at: .every(10), reconnect: .seconds(1) ... .seconds(32), stopsAtFirstFailure: false, offlineActions: 1))
        let faults = await replay.checkFaults(tape: tape, FaultTests.check, seeds: 1...10)
        return ([check.cases.map { "\($0.name) \($0.passed) \($0.message)" }.joined(separator: "\n"), "\(cuts)", "\(faults)"])
            .joined(separator: "\n---\n")
    }

    @Test(arguments: cases)
    func theSameBuildGivesTheSameReportOnEveryRun(_ testCase: Case) async {
        let started = ContinuousClock.now
        var reports = Set<String>()
        for _ in 0..<Self.runs { reports.insert(await Self.report(testCase)) }
        #expect(reports.count == 1, "\(reports.count) different reports in \(Self.runs) runs")
        let digest = reports.first.map { SnapshotDigest.hex(.string($0)) } ?? "none"
        print(
            "determinism \(testCase.name): \(Self.runs) runs, \(reports.count) report, sha256 \(digest), \(ContinuousClock.now - started)"
        )
    }
}
