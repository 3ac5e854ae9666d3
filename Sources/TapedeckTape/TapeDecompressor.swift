/// Decompresses a tape's LZ4 frames without reading any record, so a benchmark can tell the cost
/// of LZ4 from the cost of record framing (`TapeReader`). Memory stays bounded by one block.
public final class TapeDecompressor {
    /// The tape's path, as given.
    public let path: String
    private let decoder: LZ4FrameDecoder
    private var block: [UInt8] = []

    /// Opens a tape for decompression; nothing is decompressed yet.
    ///
    /// - Parameter path: The tape's path.
    /// - Throws: `TapeError` when the file is missing or cannot be opened.
    public init(path: String) throws(TapeError) {
        self.path = path
        decoder = try LZ4FrameDecoder(path: path)
        block.reserveCapacity(256 * 1024)
    }

    /// Decompresses the rest of the file, checksums included, and returns the number of
    /// record-stream bytes (header and records) it produced.
    ///
    /// - Returns: The record stream's length in bytes, uncompressed, counted from the file's start.
    /// - Throws: `TapeError` when the file is not LZ4, a block or checksum is damaged, or the file
    ///   ends inside a frame.
    public func decompressAll() throws(TapeError) -> UInt64 {
        try decoder.decodeAll(path: path, into: &block)
    }
}
