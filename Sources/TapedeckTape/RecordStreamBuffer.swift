/// The decompressed record stream, pulled from the decoder as the reader needs bytes.
/// Holds at most the unread part of the current record plus one block.
struct RecordStreamBuffer {
    let decoder: LZ4FrameDecoder
    private(set) var bytes: [UInt8] = []
    /// Index in `bytes` of the first unread byte.
    private(set) var start = 0
    /// Offset in the whole record stream of `bytes[0]`.
    private var base: UInt64 = 0

    init(decoder: LZ4FrameDecoder) {
        self.decoder = decoder
        bytes.reserveCapacity(256 * 1024)
    }

    var available: Int { bytes.count - start }
    /// Offset in the record stream of the first unread byte.
    var streamOffset: UInt64 { base + UInt64(start) }

    /// Makes `count` unread bytes available; false if the frames ended cleanly with fewer.
    mutating func require(_ count: Int) throws(LZ4FrameDecoder.Stop) -> Bool {
        guard available < count else { return true }
        // Drop what was read before growing, so memory follows the record size, not the tape size.
        if start > 0 {
            bytes.removeSubrange(0..<start)
            base += UInt64(start)
            start = 0
        }
        while available < count {
            if case .endOfFile = try decoder.step(into: &bytes) { return false }
        }
        return true
    }

    mutating func advance(_ count: Int) { start += count }

    /// How reading the next record from the stream went.
    enum NextRecord {
        /// A record was lent to the body.
        case record
        /// A record of a kind or direction this version does not know: passed over.
        case unknown
        /// The stream ended cleanly between records.
        case end
        /// The bytes are not a record stream here: the reason, with the record index for the message.
        case damaged(String)
    }

    /// Frames the next record and lends it to `body` (`TapeReader.withNextRecord`). All in one
    /// mutating call, so the reader makes one exclusive access to its buffer per record instead of
    /// one per field it reads. `index` is the record's number, for damage reports.
    mutating func nextRecord(index: Int, _ body: (TapeRecordView) -> Void) throws(LZ4FrameDecoder.Stop) -> NextRecord {
        guard try require(TapeFormat.recordLengthSize) else {
            if available == 0 { return .end }
            return .damaged("the record stream ends inside the length of record \(index)")
        }
        let length = bytes.withUnsafeBytes { ByteWriting.loadLE(UInt32.self, from: $0, at: start) }
        guard length >= TapeFormat.recordFixedSize, length <= TapeFormat.maxRecordLength else {
            return .damaged("record \(index) at stream byte \(streamOffset) has impossible length \(length)")
        }
        let total = TapeFormat.recordLengthSize + Int(length)
        guard try require(total) else {
            return .damaged("the record stream ends inside record \(index) (stream byte \(streamOffset))")
        }
        let bodyStart = start + TapeFormat.recordLengthSize
        let offset = streamOffset
        let outcome: NextRecord = bytes.withUnsafeBytes { raw in
            switch TapeRecordCodec.decodeView(UnsafeRawBufferPointer(rebasing: raw[bodyStart..<bodyStart + Int(length)])) {
            case .record(let view):
                body(view)
                return .record
            case .unknown: return .unknown
            case .malformed(let reason): return .damaged("record \(index) at stream byte \(offset): \(reason)")
            }
        }
        if case .damaged = outcome { return outcome }
        start += total
        return outcome
    }
}
