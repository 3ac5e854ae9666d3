/// A record whose payload is lent from the reader's buffer rather than copied: what
/// `TapeReader.withNextRecord` passes to its closure. The payload is valid only while the closure
/// runs; `record()` makes an owned copy.
public struct TapeRecordView {
    /// Nanoseconds since the tape started (`TapeRecord.time`).
    public var time: UInt64
    /// The connection's number, from 0 (`TapeRecord.connection`).
    public var connection: UInt32
    /// Who sent it.
    public var direction: TapeRecord.Direction
    /// What it is.
    public var kind: TapeRecord.Kind
    /// The close code of a close record whose frame carried one.
    public var closeCode: UInt16?
    /// How many fragments the message arrived in, when noted.
    public var fragmentCount: UInt32?
    /// Who ended the connection, on a note that says so (`TapeRecord.endedBy`).
    public var endedBy: TapeRecord.Party?
    /// The status a refused upgrade was answered with (`TapeRecord.refusalStatus`).
    public var refusalStatus: UInt16?
    /// The payload bytes, borrowed: do not keep this pointer past the closure.
    public var payload: UnsafeRawBufferPointer

    /// The record with its own copy of the payload.
    ///
    /// - Returns: A `TapeRecord` that stays valid after the closure returns.
    public func record() -> TapeRecord {
        TapeRecord(
            time: time, connection: connection, direction: direction, kind: kind,
            closeCode: closeCode, fragmentCount: fragmentCount, endedBy: endedBy,
            refusalStatus: refusalStatus, payload: [UInt8](payload))
    }
}
