import TapedeckCore
import TapedeckState

/// Where a record sits in a replayed session.
public struct RecordPosition: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Which tape of the session (0 for the first).
    public var tape: Int
    /// The record's number in its tape, counted from 0 as `tapedeck cat` and JSON Lines `seq` do.
    public var record: Int
    /// The record's own time in its tape (ns since that tape started).
    public var tapeTime: UInt64
    /// The session's virtual time: the tape time plus the offset of every earlier tape.
    public var sessionTime: VirtualTime

    /// A position.
    ///
    /// - Parameters:
    ///   - tape: Which tape of the session, from 0.
    ///   - record: The record's number in its tape, from 0.
    ///   - tapeTime: The record's time in its tape, in nanoseconds since the tape started.
    ///   - sessionTime: The session's virtual time of the record.
    public init(tape: Int, record: Int, tapeTime: UInt64, sessionTime: VirtualTime) {
        self.tape = tape
        self.record = record
        self.tapeTime = tapeTime
        self.sessionTime = sessionTime
    }

    /// `record 12 (t=1.250s)`, with the tape index when the session has several.
    public var description: String {
        (tape > 0 ? "tape \(tape + 1) " : "") + "record \(record) (t=\(DurationText.seconds(tapeTime)))"
    }
}
