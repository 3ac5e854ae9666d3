/// How reading a tape ended.
public enum TapeEnd: Sendable, Equatable {
    /// Every frame ended with its end mark and content checksum.
    case complete
    /// The file stops before the tape was closed; `afterRecords` complete records were read and the
    /// unreadable tail starts at compressed byte `atByte`.
    case truncated(afterRecords: Int, atByte: UInt64)
    /// A checksum or structure check failed at compressed byte `atByte` after `afterRecords` records.
    case damaged(afterRecords: Int, atByte: UInt64, reason: String)
}
