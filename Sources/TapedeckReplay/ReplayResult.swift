import TapedeckTape

/// What one replay of a session produced, apart from the model itself.
public struct ReplayLog: Sendable {
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

    public var statistics = ReplayStatistics()
    public var tapes: [TapeRead] = []
    public var stop: Stop?
    public var lastPosition: RecordPosition?
    /// Checkpoints reached, in the order they were reached.
    public var hits: [CheckpointHit] = []
    /// Checkpoints not reached, with why.
    public var unreached: [(checkpoint: Checkpoint, reason: String)] = []

    public init() {}

    /// The first tape that did not end cleanly.
    public var incompleteTape: TapeRead? {
        tapes.first { $0.end != nil && $0.end != .complete }
    }
}

/// Everything one replay of a session produced: the log and the model at the end.
@dynamicMemberLookup
public struct ReplayResult<Model> {
    public typealias TapeRead = ReplayLog.TapeRead
    public typealias Stop = ReplayLog.Stop

    public var model: Model
    public var log: ReplayLog

    public init(model: Model, log: ReplayLog) {
        self.model = model
        self.log = log
    }

    public subscript<Value>(dynamicMember path: KeyPath<ReplayLog, Value>) -> Value { log[keyPath: path] }
}
