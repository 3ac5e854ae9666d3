/// The runs of one checkpoint of one tape, newest first, and when it began failing.
package struct CheckpointHistory: Sendable, Equatable {
    package var checkpoint: String
    /// Newest first.
    package var runs: [CheckResultRow]

    package init(checkpoint: String, runs: [CheckResultRow]) {
        self.checkpoint = checkpoint
        self.runs = runs
    }

    /// The oldest run of the current failing streak, and the passing run just before it (nil when
    /// it never passed). Nil when the newest run passed.
    package var failingSince: (firstFailure: CheckResultRow, lastPass: CheckResultRow?)? {
        guard let newest = runs.first, !newest.passed else { return nil }
        guard let passIndex = runs.firstIndex(where: \.passed) else { return (runs[runs.count - 1], nil) }
        return (runs[passIndex - 1], runs[passIndex])
    }

    /// "passing (3 runs)", or "first failed at run 7 (nightly-42, 2026-01-03T02:00:00Z) after
    /// passing at run 6 (nightly-41, 2026-01-02T02:00:00Z)".
    package var summary: String {
        guard let (failure, pass) = failingSince else {
            return "passing (\(runs.count) run\(runs.count == 1 ? "" : "s"))"
        }
        let first = "first failed at run \(failure.run) (\(Self.describe(failure)))"
        guard let pass else { return first + ", its first recorded run: it never passed" }
        return first + " after passing at run \(pass.run) (\(Self.describe(pass)))"
    }

    static func describe(_ row: CheckResultRow) -> String {
        (row.label.map { $0 + ", " } ?? "") + row.runAt
    }
}
