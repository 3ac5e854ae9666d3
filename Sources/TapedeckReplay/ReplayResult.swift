import TapedeckTape

/// Everything one replay of a session produced.
public struct ReplayResult<Model: ClientModel> {
    /// How one tape of the session was read.
    public struct TapeRead: Sendable, Equatable {
        public var path: String
        public var records: Int
        /// Nil when the replay stopped before reaching the tape's end.
        public var end: TapeEnd?
    }

    /// Why the replay stopped before the end, if it did.
    public enum Stop: Sendable {
        case invariant(InvariantStop)
        case decodeFailure(ReplayStatistics.DecodeFailure)
        case limit(ReplayLimit)
    }

    public var model: Model
    public var statistics: ReplayStatistics
    public var tapes: [TapeRead]
    public var stop: Stop?
    public var lastPosition: RecordPosition?
    /// Checkpoints reached, in the order they were reached.
    public var hits: [CheckpointHit]
    /// Checkpoints not reached, with why.
    public var unreached: [(checkpoint: Checkpoint, reason: String)]

    /// The first tape that did not end cleanly.
    public var incompleteTape: TapeRead? {
        tapes.first { $0.end != nil && $0.end != .complete }
    }
}
