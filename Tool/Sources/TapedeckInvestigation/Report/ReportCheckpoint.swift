/// One checkpoint of a tape's `.checkpoints` file, judged against its golden.
package struct ReportCheckpoint: Sendable, Equatable {
    package enum Outcome: Sendable, Equatable {
        /// The state there equals the golden.
        case passed
        /// The state differs: the snapshot diff lines (golden −, replay +) and the changed paths.
        case failed(lines: [String], changedPaths: [String])
        /// No golden file yet (`tapedeck check --record missing` writes one).
        case noGolden(path: String)
        /// The golden exists but cannot be read or is not JSON.
        case unreadableGolden(path: String, reason: String)
        /// The tape never got there.
        case notReached(String)

        /// A word for the page's badge and CSS class.
        package var label: String {
            switch self {
            case .passed: "pass"
            case .failed: "fail"
            case .noGolden: "no golden"
            case .unreadableGolden: "bad golden"
            case .notReached: "not reached"
            }
        }
    }

    /// Which tape of the session (0 for the first).
    package var tape: Int
    package var name: String
    /// The point as the checkpoint file says it: `marker "claimed"`, `record 12`, `end`.
    package var trigger: String
    /// The line of the checkpoint file.
    package var line: Int
    /// Where the state was taken: `after record 12 (t=1.250s)`, or nil when not reached.
    package var position: String?
    /// SHA-256 of the state there (the same digest `tapedeck check` prints), nil when not reached.
    package var digest: String?
    package var outcome: Outcome

    package init(tape: Int, name: String, trigger: String, line: Int, position: String?, digest: String?, outcome: Outcome) {
        self.tape = tape
        self.name = name
        self.trigger = trigger
        self.line = line
        self.position = position
        self.digest = digest
        self.outcome = outcome
    }
}
