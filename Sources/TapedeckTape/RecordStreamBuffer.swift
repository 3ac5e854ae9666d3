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
}
