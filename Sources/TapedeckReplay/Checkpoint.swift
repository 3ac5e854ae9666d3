import TapedeckTape

/// A named point in a tape where the state is compared with its golden snapshot.
public struct Checkpoint: Sendable, Equatable {
    /// Where the checkpoint is.
    public enum Trigger: Sendable, Equatable, CustomStringConvertible {
        /// After the first marker record with this name.
        case marker(String)
        /// After the record with this number (counted from 0, as `tapedeck cat` shows).
        case record(Int)
        /// The state at this tape time (ns): after every record at or before it.
        case time(UInt64)
        /// After the `occurrence`th (from 1) message of this envelope type, in one direction or
        /// either; the types `open`, `close` and `error` are a connection's open, its close frames
        /// and its failures (a drop, a refused upgrade), so session tapes can name their reconnects.
        case message(type: String, direction: TapeRecord.Direction?, occurrence: Int)
        /// After the last record of the tape.
        case end

        /// The trigger as a checkpoint file writes it: `marker "login"`, `record 12`, `time 2.5s`, `first s2c welcome`, `end`.
        public var description: String {
            switch self {
            case .marker(let name): "marker \(CheckpointFile.quoted(name))"
            case .record(let number): "record \(number)"
            case .time(let nanoseconds): "time \(TapeTime.text(nanoseconds))"
            case .message(let type, let direction, let occurrence):
                Checkpoint.ordinal(occurrence) + " " + (direction.map { $0.name + " " } ?? "") + type
            case .end: "end"
            }
        }
    }

    /// Used as the golden's file name: letters, digits, `-`, `_` and `.`.
    public var name: String
    /// Where in the tape the state is taken.
    public var trigger: Trigger
    /// The line of the checkpoint file it came from (0 when built in code).
    public var line: Int

    /// A checkpoint.
    ///
    /// - Parameters:
    ///   - name: The golden's file name: letters, digits, `-`, `_` and `.`.
    ///   - trigger: Where in the tape the state is taken.
    ///   - line: The checkpoint file's line it came from; 0 when built in code.
    public init(name: String, trigger: Trigger, line: Int = 0) {
        self.name = name
        self.trigger = trigger
        self.line = line
    }

    /// The words checkpoint files count occurrences with.
    public static let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]

    /// `first`, `second`, ... `tenth`.
    static func ordinal(_ occurrence: Int) -> String {
        ordinals.indices.contains(occurrence - 1) ? ordinals[occurrence - 1] : "#\(occurrence)"
    }

    /// The pseudo-types that name connection events instead of envelope types.
    public static let connectionEvents: Set<String> = ["open", "close", "error"]
}
