import TapedeckTape

/// What one replay of a session produced, apart from the model itself.
public struct ReplayLog: Sendable {
    /// How one tape of the session was read.
    public struct TapeRead: Sendable, Equatable {
        /// The tape's path, as reports name it (a file's path, or the name of a tape in memory).
        public var path: String
        /// How many records the replay read from this tape (all of them when it reached the end).
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

    /// What the replay went through: records, messages applied, decode failures, markers.
    public var statistics = ReplayStatistics()
    /// The session's tapes the replay opened, in order, each with how far it was read.
    public var tapes: [TapeRead] = []
    /// Why the replay stopped early; nil when it read every tape to its end.
    public var stop: Stop?
    /// Where the last record the model was given sits; nil when no record was applied.
    public var lastPosition: RecordPosition?
    /// Checkpoints reached, in the order they were reached.
    public var hits: [CheckpointHit] = []
    /// Checkpoints not reached, with why.
    public var unreached: [(checkpoint: Checkpoint, reason: String)] = []

    /// An empty log: no records, no tapes, no stop, no checkpoints.
    public init() {}

    /// The first tape that did not end cleanly.
    public var incompleteTape: TapeRead? {
        tapes.first { $0.end != nil && $0.end != .complete }
    }
}

/// Everything one replay of a session produced: the log and the model at the end.
@dynamicMemberLookup
public struct ReplayResult<Model> {
    /// How one tape of the session was read (`ReplayLog.TapeRead`).
    public typealias TapeRead = ReplayLog.TapeRead
    /// Why the replay stopped before the end (`ReplayLog.Stop`).
    public typealias Stop = ReplayLog.Stop

    /// The model after the replay: every applied record's effect, up to the stop if there was one.
    public var model: Model
    /// What the replay went through apart from the model; its members read as the result's own.
    public var log: ReplayLog

    /// A result of a model and its log.
    ///
    /// - Parameters:
    ///   - model: The model at the end of the replay.
    ///   - log: What the replay went through.
    public init(model: Model, log: ReplayLog) {
        self.model = model
        self.log = log
    }

    /// Reads a member of `log` as if it were the result's own (`result.statistics` for `result.log.statistics`).
    ///
    /// - Parameter path: The key path into `ReplayLog`.
    /// - Returns: The value at `path` in `log`.
    public subscript<Value>(dynamicMember path: KeyPath<ReplayLog, Value>) -> Value { log[keyPath: path] }
}
