import TapedeckReplay

/// What comparing a snapshot with its golden file found.
public enum GoldenOutcome: Sendable, Equatable {
    /// The golden holds exactly this snapshot.
    case matched
    /// The golden holds another snapshot.
    case mismatched(SnapshotDiff)
    /// The golden was written by this run: it did not exist (`missing`), or it differed (`all`, with the diff).
    case recorded(path: String, replaced: SnapshotDiff?)
    /// No golden, and the record mode forbids writing one.
    case missing(path: String)
    /// The golden exists but cannot be read or is not JSON.
    case unreadable(path: String, reason: String)

    /// Whether the check passes: only an exact match does.
    public var passed: Bool { self == .matched }
}
