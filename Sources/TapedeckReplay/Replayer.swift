import TapedeckProtocol
import TapedeckState
import TapedeckTape

/// Feeds tape records, in order, into a client model with the tape's virtual clock, and checks the
/// invariants after every record the model was given.
///
/// - s2c text → `ServerMessage.decode`; c2s text → `ClientMessage.decode`; a typed `ClientModel`
///   gets the decoded message, a `SocketModel` the exact bytes (`SocketEvent`);
/// - open / close / error → connection events; markers are noted; binary, ping and pong are counted;
/// - several tapes in a row are one session across reconnects (`ReplayFeed`).
///
/// A message that does not decode is recorded in `statistics.decodeFailures` (with whether the
/// model got its bytes anyway); the caller decides whether that stops anything.
public struct Replayer<Model: SocketModel> {
    /// What one `apply` did.
    public struct Step {
        public var position: RecordPosition
        public var input: ReplayInput
        /// Broken invariants after this record (model rules first, then stream rules); empty if none.
        public var violations: [InvariantViolation]
        /// Whether the model was given the record.
        public var delivered: Bool
    }

    public private(set) var model: Model
    public private(set) var feed = ReplayFeed()
    /// Check invariants after each record the model was given.
    public var checksInvariants: Bool

    public init(model: Model, checksInvariants: Bool = true) {
        self.model = model
        self.checksInvariants = checksInvariants
    }

    public var statistics: ReplayStatistics { feed.statistics }

    /// Call before the first record of each tape.
    public mutating func startTape() { feed.startTape() }

    /// The session time a record of the current tape at `tapeTime` gets.
    public func sessionTime(ofTapeTime tapeTime: UInt64) -> UInt64 { feed.sessionTime(ofTapeTime: tapeTime) }

    /// Which tape of the session is playing (0 for the first).
    public var currentTape: Int { feed.currentTape }

    /// Applies one record; `number` is its position in its tape.
    public mutating func apply(_ record: TapeRecord, number: Int) -> Step {
        apply(record, decoded: Self.decode(record), number: number)
    }

    /// Applies one record already decoded by `decode(_:)` (callers that replay the same records
    /// many times, such as `tapedeck shrink`, decode each record once).
    public mutating func apply(_ record: TapeRecord, decoded input: ReplayInput, number: Int) -> Step {
        var (position, violations) = feed.take(record, decoded: input, number: number)
        let delivered = model.replay(record, decoded: input, at: position.sessionTime)
        if case .undecodable(let direction, let error) = input {
            feed.noteUndecodable(record, direction: direction, error: error, at: position, reachedModel: delivered)
        }
        if checksInvariants && delivered {
            let found = model.checkInvariants()
            if !found.isEmpty { violations.insert(contentsOf: found, at: 0) }
        }
        return Step(position: position, input: input, violations: violations, delivered: delivered)
    }

    /// What a record becomes when replayed (decoding only; nothing is applied).
    public static func decode(_ record: TapeRecord) -> ReplayInput { ReplayInput(decoding: record) }
}
