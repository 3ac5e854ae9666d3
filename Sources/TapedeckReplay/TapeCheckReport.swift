/// The result of checking one tape: a case per checkpoint, then `invariants` and `tape`.
public struct TapeCheckReport: Sendable, Equatable {
    /// The tape's path, as the check was given it.
    public var path: String
    /// The cases of the check, in order: one per checkpoint, then `invariants` and `tape`.
    public var cases: [CheckCase]
    /// The input could not be read at all (not a tape, unparseable checkpoint file): exit code 2.
    public var unreadable: Bool
    /// Goldens this check wrote.
    public var recordedGoldens: [String]

    /// A report.
    ///
    /// - Parameters:
    ///   - path: The tape's path.
    ///   - cases: The cases, in order.
    ///   - unreadable: Whether the input could not be read at all (exit code 2).
    ///   - recordedGoldens: The goldens this check wrote.
    public init(path: String, cases: [CheckCase], unreadable: Bool = false, recordedGoldens: [String] = []) {
        self.path = path
        self.cases = cases
        self.unreadable = unreadable
        self.recordedGoldens = recordedGoldens
    }

    /// Whether the tape could be read and every case passed.
    public var passed: Bool { !unreadable && cases.allSatisfy(\.passed) }
    /// The cases that did not pass, in order.
    public var failures: [CheckCase] { cases.filter { !$0.passed } }
}
