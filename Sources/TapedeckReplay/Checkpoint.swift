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
        /// After the first message of this envelope type (in one direction, or either).
        case firstMessage(type: String, direction: TapeRecord.Direction?)
        /// After the last record of the tape.
        case end

        public var description: String {
            switch self {
            case .marker(let name): "marker \(CheckpointFile.quoted(name))"
            case .record(let number): "record \(number)"
            case .time(let nanoseconds): "time \(TapeTime.text(nanoseconds))"
            case .firstMessage(let type, let direction): "first " + (direction.map { $0.name + " " } ?? "") + type
            case .end: "end"
            }
        }
    }

    /// Used as the golden's file name: letters, digits, `-`, `_` and `.`.
    public var name: String
    public var trigger: Trigger
    /// The line of the checkpoint file it came from (0 when built in code).
    public var line: Int

    public init(name: String, trigger: Trigger, line: Int = 0) {
        self.name = name; self.trigger = trigger; self.line = line
    }
}
