/// A record whose payload is lent from the reader's buffer rather than copied: what
/// `TapeReader.withNextRecord` passes to its closure. The payload is valid only while the closure
/// runs; `record()` makes an owned copy.
public struct TapeRecordView {
    public var time: UInt64
    public var connection: UInt32
    public var direction: TapeRecord.Direction
    public var kind: TapeRecord.Kind
    public var closeCode: UInt16?
    public var fragmentCount: UInt32?
    /// The payload bytes, borrowed: do not keep this pointer past the closure.
    public var payload: UnsafeRawBufferPointer

    /// The record with its own copy of the payload.
    public func record() -> TapeRecord {
        TapeRecord(
            time: time, connection: connection, direction: direction, kind: kind,
            closeCode: closeCode, fragmentCount: fragmentCount, payload: [UInt8](payload))
    }
}
