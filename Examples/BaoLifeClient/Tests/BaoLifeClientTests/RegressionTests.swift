import BaoLifeAfter
import TapedeckTesting
import Testing

/// Each regression switched on in the refactored app must fail the corpus check against the
/// `before` goldens, and the report must say where: the checkpoint, the record that led there and
/// the path that changed. Replayed side by side with `before`, the first differing record is the
/// one where the bug acts.
///
/// The record numbers are those of the committed tapes (`tapedeck cat Recordings/TAPE.tape`);
/// re-recording the corpus moves them, and then these expectations move with it.
@MainActor
@Suite struct RegressionTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var regression: Regressions
        var name: String
        var tape: String
        /// The first failing checkpoint, as the report's first line for it reads up to the record.
        var checkpoint: String
        var changed: String
        /// What `compareApps` names: the first record after which before and after differ.
        var divergence: String
        var divergenceChanged: String

        var testDescription: String { name }
    }

    nonisolated static let expectations = [
        // The player claims a reward at record 60; the corpus only sees it at the end, where the
        // badge still counts the claimed reward (no checkpoint of claimable-events sits between).
        Expectation(
            regression: .unclaimedCountNotDecremented, name: "unclaimedCountNotDecremented",
            tape: "claimable-events",
            checkpoint: "checkpoint end (end) differs from its golden, after record 155 (",
            changed: "Changed: unclaimedEventCount",
            divergence: "the models differ after record 60 (", divergenceChanged: "Changed: unclaimedEventCount"),
        // The first loss arrives at record 21 and stays unclaimed; its accepted claim (record 28)
        // is the first checkpoint after it.
        Expectation(
            regression: .negativeEventsNotAutoClaimed, name: "negativeEventsNotAutoClaimed",
            tape: "claimable-events",
            checkpoint: "checkpoint loss-claimed (first claimResult) differs from its golden, after record 28 (",
            changed: "Changed: lifeEvents[id=event-1].claimed",
            divergence: "the models differ after record 21 (",
            divergenceChanged: "Changed: gameState.energy, lifeEvents[id=event-1].claimed"),
        // The answer at record 201 leaves the answered question on screen.
        Expectation(
            regression: .questionQueueNotAdvanced, name: "questionQueueNotAdvanced",
            tape: "questions",
            checkpoint: "checkpoint question-answered (first c2s answerQuestion) differs from its golden, after record 201 (",
            changed: "Changed: questions.current",
            divergence: "the models differ after record 201 (", divergenceChanged: "Changed: questions.current"),
    ]

    @Test(arguments: expectations)
    func theCorpusCatchesTheRegression(_ expected: Expectation) async throws {
        let replay = Corpus.replay(record: .none) { AfterAdapter(network: $0, regressions: expected.regression) }
        do {
            try await replay.assertCheckpoints(tape: Corpus.path(expected.tape))
            Issue.record("\(expected.tape) passed with \(expected.name) switched on")
        } catch {
            let report = error.description
            let firstFailure = try #require(error.failures.first)
            #expect(firstFailure.message.hasPrefix(expected.checkpoint), "\(report)")
            #expect(firstFailure.message.contains(expected.changed), "\(report)")
            #expect(report.contains(expected.checkpoint) && report.contains(expected.changed))
        }
    }

    @Test(arguments: expectations)
    func comparingWithBeforeFindsTheRecordWhereTheBugActs(_ expected: Expectation) async throws {
        let divergence = try await compareApps(
            tapes: [Corpus.path(expected.tape)],
            { BeforeAdapter(network: $0) }, { AfterAdapter(network: $0, regressions: expected.regression) })
        let text = try #require(divergence.map { "\($0)" })
        #expect(text.hasPrefix(expected.divergence), "\(text)")
        #expect(text.contains(expected.divergenceChanged), "\(text)")
    }

    /// A loss is the app's to claim: the five minutes of play fail at their first life event.
    @Test func theFiveMinuteSessionCatchesLossesLeftUnclaimed() async throws {
        let report = await Corpus.replay(record: .none) { AfterAdapter(network: $0, regressions: .negativeEventsNotAutoClaimed) }
            .check(tape: Corpus.path("five-minute-session"))
        let firstFailure = try #require(report.failures.first)
        #expect(
            firstFailure.message.hasPrefix(
                "checkpoint first-life-event (first messageEvent) differs from its golden, after record 22 ("),
            "\(firstFailure.message)")
        #expect(firstFailure.message.contains("Changed: gameState.energy, lifeEvents[id=event-1].claimed"))
    }
}
