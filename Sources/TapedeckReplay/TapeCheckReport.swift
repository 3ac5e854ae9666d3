/// The result of checking one tape: a case per checkpoint, then `invariants` and `tape`.
public struct TapeCheckReport: Sendable, Equatable {
    public var path: String
    public var cases: [CheckCase]
    /// The input could not be read at all (not a tape, unparseable checkpoint file): exit code 2.
    public var unreadable: Bool
    /// Goldens this check wrote.
    public var recordedGoldens: [String]

    public init(path: String, cases: [CheckCase], unreadable: Bool = false, recordedGoldens: [String] = []) {
        self.path = path
        self.cases = cases
        self.unreadable = unreadable
        self.recordedGoldens = recordedGoldens
    }

    public var passed: Bool { !unreadable && cases.allSatisfy(\.passed) }
    public var failures: [CheckCase] { cases.filter { !$0.passed } }
}
