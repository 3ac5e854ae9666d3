import TapedeckReplay

/// What the replay socket's check of the app's sends compares (`ClientMessageComparison`, the rules
/// of `tapedeck serve --verify`), as patterns inside `message`:
///
/// ```swift
/// SendCheck(formatOnly: ["timestamp"], types: ["claimEvent", "answerQuestion", "speed"])
/// ```
public struct SendCheck: Sendable, Equatable {
    /// Paths left out of the comparison (`[*]` any index, `*` any run of keys).
    public var ignoring: [String]
    /// Paths whose value may differ but not its format: every digit counts as 0 (a claim's
    /// timestamp comes from the replay's clock, its format from the app).
    public var formatOnly: [String]
    /// The message types judged; nil for all. Recorded messages of other types are not awaited
    /// (screens the app under test does not have).
    public var types: Set<String>?
    /// How far the app's own reconnect may come before the recording's (a finding beyond it: its
    /// backoff is shorter or gone) and, when it has not reconnected by the recorded time, how much
    /// longer the replay's clock runs for it before it never reconnected. Room for jitter.
    public var reconnectTolerance: Duration

    /// A send check; with no arguments, every message of every type must match exactly.
    ///
    /// - Parameters:
    ///   - ignoring: Paths inside `message` left out of the comparison; none by default.
    ///   - formatOnly: Paths inside `message` whose digits count as 0; none by default.
    ///   - types: The message types judged; nil (the default) for all.
    ///   - reconnectTolerance: Room for jitter in the app's own reconnects; 500 ms by default.
    public init(
        ignoring: [String] = [], formatOnly: [String] = [], types: Set<String>? = nil,
        reconnectTolerance: Duration = .milliseconds(500)
    ) {
        self.ignoring = ignoring
        self.formatOnly = formatOnly
        self.types = types
        self.reconnectTolerance = reconnectTolerance
    }

    /// The comparison, or the first pattern that does not parse.
    func comparison() throws(IgnorePatternError) -> ClientMessageComparison {
        ClientMessageComparison(
            ignoring: try SnapshotFilter(ignoring: ignoring), formatOnly: try SnapshotFilter(ignoring: formatOnly),
            judgedTypes: types)
    }
}
