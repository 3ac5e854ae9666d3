import BaoLifeAfter
import TapedeckTesting
import Testing

/// What the app sends, checked against the tape through the replay socket: each send regression
/// switched on fails the corpus with a `sends` report that names the tape, the record, the kind
/// of departure and, for a changed message, the −/+ lines. Side by side with `before`,
/// `compareApps` finds the record after which the two versions have sent different things.
@MainActor
@Suite struct SendRegressionTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var regression: Regressions
        var name: String
        var tape: String
        /// The `sends` case's first finding, and how the line below it (where) starts.
        var finding: String
        var context: String
        /// The −/+ lines of a changed message.
        var diff: [String] = []
        /// What `compareApps` names, and the path that differs in what was sent.
        var divergence: String
        var divergenceChanged: String

        var testDescription: String { name }
    }

    nonisolated static let expectations = [
        // The first loss arrives at record 21; the app marks it claimed but never sends the claim
        // the tape's client sent at record 26 (the state checkpoints all still pass).
        Expectation(
            regression: .lossClaimNotSent, name: "lossClaimNotSent", tape: "claimable-events",
            finding: "connection 1, record 26: claimEvent was never sent",
            context: #"    at claimable-events.tape, t=0.033s, after record 26: the user action for {"type":"claimEvent","#,
            divergence: "the models differ after record 21 (t=0.032s) of claimable-events.tape, s2c messageEvent",
            divergenceChanged: "Changed: sent[1]"),
        // The claim's timestamp loses its milliseconds: the same claim, changed, as soon as it is sent.
        Expectation(
            regression: .claimTimestampWithoutFraction, name: "claimTimestampWithoutFraction", tape: "claimable-events",
            finding: "connection 1, record 26: claimEvent (send #2) was sent with changed fields",
            context:
                #"    at claimable-events.tape, t=0.032s, after record 21: server {"type":"messageEvent","message":{"id":"event-1""#,
            // The real values, the recorded one from the scenario's clock and the sent one from the
            // replay's (the tape's recorded start), compared by format.
            diff: [
                #"    − timestamp: "2026-01-01T00:00:02.000Z""#, #"    + timestamp: "2026-11-23T14:14:09Z""#,
                "    (timestamp compared by format: every digit counts as 0)",
            ],
            divergence: "the models differ after record 21 (t=0.032s) of claimable-events.tape, s2c messageEvent",
            divergenceChanged: "Changed: sent[1].message.timestamp"),
        // The answer at record 201 goes out twice.
        Expectation(
            regression: .answerSentTwice, name: "answerSentTwice", tape: "questions",
            finding: "connection 1, send #6: answerQuestion sent again; the recording sent it once (record 201)",
            context: #"    at questions.tape, t=0.166s, after record 201: the user action for {"type":"answerQuestion","#,
            divergence: "the models differ after record 201 (t=0.166s) of questions.tape, c2s answerQuestion",
            divergenceChanged: "Changed: sent[5]"),
    ]

    @Test(arguments: expectations)
    func theCorpusCatchesWhatTheAppSends(_ expected: Expectation) async throws {
        let report = await Corpus.replay(record: .none) { AfterAdapter(network: $0, regressions: expected.regression) }
            .check(tape: Corpus.path(expected.tape))
        let sends = try #require(report.cases.first { $0.name == CheckCase.sends })
        #expect(!sends.passed)
        let lines = sends.message.split(separator: "\n").map(String.init)
        try #require(lines.count >= 3, "\(sends.message)")
        #expect(lines[1] == expected.finding, "\(sends.message)")
        #expect(lines[2].hasPrefix(expected.context), "\(sends.message)")
        for line in expected.diff { #expect(lines.contains(line), "\(sends.message)") }
    }

    @Test(arguments: expectations)
    func comparingWithBeforeFindsWhereTheSendsDiffer(_ expected: Expectation) async throws {
        let divergence = try await compareApps(
            tapes: [Corpus.path(expected.tape)], sends: Corpus.sends,
            { BeforeAdapter(network: $0) }, { AfterAdapter(network: $0, regressions: expected.regression) })
        let text = try #require(divergence.map { "\($0)" })
        #expect(text.hasPrefix(expected.divergence), "\(text)")
        #expect(text.contains(expected.divergenceChanged), "\(text)")
        #expect(divergence?.tape == Corpus.path(expected.tape))
    }

    /// The three state regressions change what the app shows, not what it sends.
    @Test(arguments: [Regressions.unclaimedCountNotDecremented, .questionQueueNotAdvanced])
    func stateRegressionsSendWhatTheTapeSent(_ regression: Regressions) async {
        for tape in ["claimable-events", "questions"] {
            let report = await Corpus.replay(record: .none) { AfterAdapter(network: $0, regressions: regression) }
                .check(tape: Corpus.path(tape))
            #expect(report.cases.first { $0.name == CheckCase.sends }?.passed == true, "\(tape): \(report.failures)")
        }
    }
}
