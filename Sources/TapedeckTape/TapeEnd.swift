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

extension TapeEnd: CustomStringConvertible {
    /// In words, as `tapedeck info` prints it: `complete`, `truncated after record 14 at byte 1788`,
    /// `damaged at byte 1764 after record 14: block checksum mismatch ...`.
    public var description: String {
        switch self {
        case .complete: "complete"
        case .truncated(let records, let offset): "truncated after record \(records) at byte \(offset)"
        case .damaged(let records, let offset, let reason): "damaged at byte \(offset) after record \(records): \(reason)"
        }
    }
}
