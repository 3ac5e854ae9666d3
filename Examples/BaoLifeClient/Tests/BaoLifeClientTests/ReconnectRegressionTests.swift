import BaoLifeAfter
import TapedeckTesting
import Testing

/// The app guide's reconnect under replay (issue 43): the session tapes' drops and reconnects go
/// through the refactored app's own code on the replay's clock, and each bug a networking refactor
/// brings there fails with its own first report. Record numbers and times are those of the
/// committed tapes.
@MainActor
@Suite struct ReconnectRegressionTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var regression: Regressions
        var name: String
        var tape: String
        /// The first failing case's first line and where, as the report reads.
        var failing: String
        var first: String
        var testDescription: String { name }
    }

    nonisolated static let expectations = [
        // The drop comes at record 9; the recording reconnected a second later (record 11).
        Expectation(
            regression: .reconnectsWithoutBackoff, name: "reconnectsWithoutBackoff", tape: "drop-reconnect",
            failing: "sends", first: "connection 2: the client reconnected at t="),
        // The resync (160 money, the purchase the server made before the drop) is ignored.
        Expectation(
            regression: .resyncIgnored, name: "resyncIgnored", tape: "drop-reconnect",
            failing: "resynced", first: "checkpoint resynced (second extraCurriculars) differs from its golden"),
        // The automatic claim of the loss was in flight; it is sent again on the socket that dropped.
        Expectation(
            regression: .retriesOnTheDeadSocket, name: "retriesOnTheDeadSocket", tape: "claim-in-flight",
            failing: "sends", first: "connection 1: claimEvent was sent after the connection had closed or failed"),
    ]

    @Test(arguments: expectations)
    func theSessionTapesCatchTheRegression(_ expected: Expectation) async throws {
        let report = await Corpus.replay(record: .none) { AfterAdapter(network: $0, regressions: expected.regression) }
            .check(tape: Corpus.path(expected.tape))
        let failing = report.failures
        #expect(failing.first?.name == expected.failing, "\(failing.map(\.name))")
        let lines = (failing.first?.message ?? "").split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix(expected.first) }, "\(lines)")
    }

    /// Without regressions both versions take a drop after every 10th record of every tape: they
    /// show it, stop using the dead socket and reconnect within their backoff (1 s, or up to 32 s
    /// after failures in a row).
    @Test(arguments: ["before", "after"])
    func withoutRegressionsTheAppTakesACutAfterEveryTenthRecord(version: String) async throws {
        let check = CutCheck(at: .every(10), reconnect: .seconds(1) ... .seconds(32))
        var cuts = 0
        var uncut: [String] = []
        for tape in Corpus.tapes {
            let report =
                version == "before"
                ? await Corpus.replay(record: .none) { BeforeAdapter(network: $0) }.checkCuts(tape: Corpus.path(tape), check)
                : await Corpus.replay(record: .none) { AfterAdapter(network: $0) }.checkCuts(tape: Corpus.path(tape), check)
            cuts += report.cuts.count
            // A tape too short for a cut after every 10th record fails the check: no cut is no pass.
            if case .noPoint = report.noCut {
                uncut.append(tape)
                #expect(!report.passed)
                continue
            }
            #expect(report.passed, "\(report)")
        }
        #expect(cuts > 100, "\(cuts) cuts")
        #expect(uncut == ["connect", "refused", "returning-player"])
    }
}
