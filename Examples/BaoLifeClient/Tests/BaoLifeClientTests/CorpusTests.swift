import TapedeckTesting
import Testing

/// Both versions of the client layer replay every tape of the corpus and show, at every
/// checkpoint, what the `before` version showed when the goldens were recorded.
@MainActor
@Suite struct CorpusTests {
    @Test func theCorpusHasTheFlowsTheRegressionsNeed() {
        #expect(Corpus.tapes.count >= 8, "tapes in \(Corpus.recordings.path): \(Corpus.tapes)")
        #expect(Corpus.tapes.contains("questions"))
        #expect(Corpus.tapes.contains("claimable-events"))
    }

    @Test(arguments: Corpus.tapes)
    func beforePassesEveryCheckpoint(tape: String) async throws {
        try await Corpus.replay { BeforeAdapter(network: $0) }.assertCheckpoints(tape: Corpus.path(tape))
    }

    @Test(arguments: Corpus.tapes)
    func afterPassesEveryCheckpoint(tape: String) async throws {
        try await Corpus.replay(record: .none) { AfterAdapter(network: $0) }.assertCheckpoints(tape: Corpus.path(tape))
    }

    /// Record by record, not only at checkpoints: a fresh pair of apps per tape, as a user opens it.
    @Test(arguments: Corpus.tapes)
    func beforeAndAfterShowTheSameAfterEveryRecord(tape: String) async throws {
        let divergence = try await compareApps(
            tapes: [Corpus.path(tape)], sends: Corpus.sends, { BeforeAdapter(network: $0) }, { AfterAdapter(network: $0) })
        #expect(divergence == nil, "\(divergence.map { "\($0)" } ?? "")")
    }

    /// The whole corpus as one session (each tape a reconnect of the same app), so state that
    /// outlives a connection (the timeline, the question queue) is compared too.
    @Test func beforeAndAfterAgreeOverTheWholeCorpusAsOneSession() async throws {
        let divergence = try await compareApps(
            tapes: Corpus.tapes.map(Corpus.path), sends: Corpus.sends, asOneSession: true,
            { BeforeAdapter(network: $0) }, { AfterAdapter(network: $0) })
        #expect(divergence == nil, "\(divergence.map { "\($0)" } ?? "")")
    }
}
