/// Where `--until` stops a replay: after a record, or after the last record at or before a time.
/// Both count over the whole session (for one tape, its own record numbers and times).
public enum ReplayLimit: Sendable, Equatable, CustomStringConvertible {
    /// Records 0 through this one (inclusive), counted from 0 over the session.
    case record(Int)
    /// Every record whose session time is at or before this many nanoseconds.
    case time(UInt64)

    /// `120` is a record number; `2.5s`, `1500ms`, `100us`, `42ns`, `1m` are times.
    ///
    /// - Parameter text: The limit as `--until` takes it; nil for anything else (an empty or negative text included).
    public init?(parsing text: String) {
        if !text.isEmpty, text.allSatisfy(\.isASCIIDigit), let number = Int(text) {
            self = .record(number)
        } else if let nanoseconds = TapeTime.parse(text) {
            self = .time(nanoseconds)
        } else {
            return nil
        }
    }

    /// `record 120` or `time 2.5s`, as a report names the limit.
    public var description: String {
        switch self {
        case .record(let number): "record \(number)"
        case .time(let nanoseconds): "time \(TapeTime.text(nanoseconds))"
        }
    }
}
