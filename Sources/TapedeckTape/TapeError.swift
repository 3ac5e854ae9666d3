/// Everything that can go wrong reading or writing a tape. Each message says what happened, where,
/// and what to do about it.
public enum TapeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing is at the path.
    case fileNotFound(path: String)
    /// The file is there but cannot be opened (permissions, a folder), with the system's reason.
    case cannotOpen(path: String, reason: String)
    /// Reading failed at file byte `offset`, with the system's reason.
    case readFailed(path: String, offset: UInt64, reason: String)
    /// Writing failed (a full disk, permissions), with the system's reason.
    case writeFailed(path: String, reason: String)
    /// Something is already at a path the writer may only create (`TapeWriterOptions.createsNewFile`).
    case pathTaken(path: String)
    /// The file is not a tape at all (not LZ4, or LZ4 without the tape magic).
    case notATape(path: String, reason: String)
    /// The tape's major format version is newer than `TapeFormat.majorVersion`.
    case unsupportedVersion(path: String, major: UInt16, minor: UInt16)
    /// The file ends before the tape was closed: everything up to `atByte` (compressed offset) was read.
    case truncated(path: String, afterRecords: Int, atByte: UInt64)
    /// A checksum or structure check failed at compressed byte `atByte`.
    case damaged(path: String, afterRecords: Int, atByte: UInt64, reason: String)
    /// The header in the record stream is malformed.
    case damagedHeader(path: String, reason: String)
    /// A record to write is longer than `TapeFormat.maxRecordLength` (record from 0).
    case recordTooLarge(record: Int, length: UInt64)
    /// The metadata's JSON is longer than `TapeFormat.maxMetadataLength`, which readers refuse.
    case metadataTooLarge(path: String, length: Int)
    /// A record to write is earlier than the one before it (record from 0; times in ns).
    case timeWentBackwards(record: Int, previous: UInt64, time: UInt64)
    /// A record of a read tape is earlier than its connection's previous record, which a HAR
    /// export cannot write (record from 0, as `tapedeck cat` numbers them).
    case timeWentBackwardsInConnection(path: String, connection: UInt32, record: Int, previous: UInt64, time: UInt64)
    /// A write after the writer's `close()`.
    case writerClosed(path: String)
    /// A HAR export of a tape whose times lie outside `TapeTimeRange` (a tape another tool wrote).
    case timeOutOfRange(path: String, reason: String)
    /// A text input's line is longer than its reader's limit (JSON Lines: `TapeJSONLines.maxLineLength`).
    case lineTooLong(path: String, line: Int, limit: Int)

    /// What happened, where, and what to do about it, as one or two sentences that start with the path.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            "\(path): no such file. Check the path."
        case .cannotOpen(let path, let reason):
            "\(path): cannot open (\(reason)). Check the path and its permissions."
        case .readFailed(let path, let offset, let reason):
            "\(path): read failed at byte \(offset) (\(reason))."
        case .writeFailed(let path, let reason):
            "\(path): write failed (\(reason)). Check free disk space and permissions."
        case .pathTaken(let path):
            "\(path): something is already there (a file, link or FIFO); it is left alone and not written to."
        case .notATape(let path, let reason):
            "\(path): not a tape: \(reason). Tapes are written by `tapedeck record` or `tapedeck import`."
        case .unsupportedVersion(let path, let major, let minor):
            "\(path): tape format \(major).\(minor) is newer than this tapedeck supports "
                + "(\(TapeFormat.majorVersion).x). Upgrade tapedeck to read it."
        case .truncated(let path, let records, let offset):
            "\(path): truncated after record \(records) at byte \(offset): the tape was not closed "
                + "(the writer was killed or the copy is incomplete). The \(records) complete records before byte "
                + "\(offset) are intact; `tapedeck export` keeps them."
        case .damaged(let path, let records, let offset, let reason):
            "\(path): damaged at byte \(offset) after record \(records): \(reason). "
                + "The \(records) complete records before it are intact; the rest cannot be read. "
                + "`tapedeck export` keeps the intact records."
        case .damagedHeader(let path, let reason):
            "\(path): damaged tape header: \(reason). The tape cannot be read."
        case .recordTooLarge(let record, let length):
            "record \(record): \(length) bytes is over the limit of \(TapeFormat.maxRecordLength) bytes a record may have."
        case .metadataTooLarge(let path, let length):
            "\(path): the metadata is \(length) bytes of JSON, over the limit of \(TapeFormat.maxMetadataLength) bytes "
                + "(\(TapeFormat.maxMetadataLength >> 20) MiB) that readers accept; nothing was written. Shorten its labels or headers."
        case .timeWentBackwards(let record, let previous, let time):
            "record \(record): time \(time) ns is before the previous record's \(previous) ns; "
                + "record times must come from a monotonic clock."
        case .timeWentBackwardsInConnection(let path, let connection, let record, let previous, let time):
            "\(path): record \(record) of connection \(connection) is at \(time) ns, before that connection's previous "
                + "record at \(previous) ns; a HAR entry needs its messages in time order, so nothing was written. "
                + "Export it as JSON Lines (--format jsonl) to see and correct the times."
        case .writerClosed(let path):
            "\(path): the tape writer is already closed."
        case .timeOutOfRange(let path, let reason):
            "\(path): \(reason), so its HAR would not import again; nothing was written. "
                + "Export it as JSON Lines (--format jsonl) to see and correct the times."
        case .lineTooLong(let path, let line, let limit):
            "\(path):\(line): the line is longer than the limit of \(limit) bytes a line may have "
                + "(the longest a record at the tape's limit can take); nothing was written. "
                + "Check that the file is JSON Lines with one record a line."
        }
    }
}
