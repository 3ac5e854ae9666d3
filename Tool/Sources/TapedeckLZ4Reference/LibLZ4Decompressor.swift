import TapedeckTape

/// Decompresses a tape's LZ4 frames with liblz4, checksums included, without reading any
/// record: the reference that `tapedeck bench` (stage `lz4_liblz4`) measures TapedeckTape's
/// Swift decoder (`TapeDecompressor`, stage `lz4`) against, on the same tapes in the same run, and
/// that the recorder benchmark reads every file it writes with. Through `LibLZ4FrameDecoder` it
/// does the same work as `TapeDecompressor`: the file read unit by unit, each block decompressed and
/// appended to a buffer that is emptied before the next. Memory stays bounded by one block.
public final class LibLZ4Decompressor {
    public let path: String
    private let decoder: LibLZ4FrameDecoder
    private var block: [UInt8] = []

    public init(path: String) throws(TapeError) {
        self.path = path
        decoder = try LibLZ4FrameDecoder(path: path)
        block.reserveCapacity(256 * 1024)
    }

    /// Decompresses the rest of the file, checksums included, and returns the number of
    /// record-stream bytes (header and records) it produced.
    public func decompressAll() throws(TapeError) -> UInt64 {
        try decoder.decodeAll(path: path, into: &block)
    }
}
