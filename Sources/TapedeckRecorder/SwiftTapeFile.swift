import TapedeckTape

/// One tape file written without liblz4, in exactly the frame `TapeWriter` writes
/// (docs/TAPE-FORMAT.md section 2): one LZ4 frame, FLG `0x74` (independent blocks, block checksums,
/// content checksum), BD `0x40` (64 KiB blocks), each block compressed by `LZ4BlockCompressor` or
/// stored when that does not make it smaller, the end mark and content checksum at `close()`.
///
/// Encoded records wait in memory until `flush()`, which compresses them into blocks and hands
/// them to `write(2)`: a process killed after a flush leaves every flushed record readable. The
/// header is flushed at once, so the file is a readable (empty) tape from its first moment.
/// When to flush is the caller's decision (the recorder's writer thread).
///
/// Not thread-safe: one owner.
final class SwiftTapeFile {
    let path: String
    private(set) var recordCount = 0
    private(set) var flushedRecordCount = 0
    /// Bytes written to the file so far.
    private(set) var compressedBytes: UInt64 = 0
    /// Bytes of the record stream (header included) flushed so far, before compression.
    private(set) var uncompressedBytes: UInt64 = 0
    private(set) var isClosed = false
    /// Time of the first and last record appended, if any.
    private(set) var firstTime: UInt64?
    private(set) var lastTime: UInt64?

    private let fd: Int32
    private var pending: [UInt8] = []
    private var output: [UInt8]
    private var compressor = LZ4BlockCompressor()
    private var contentHash = XXHash32()

    static let frameMagic: [UInt8] = [0x04, 0x22, 0x4D, 0x18]
    /// Version 01, independent blocks, block checksums, no content size, content checksum, no dictionary.
    static let frameFlags: UInt8 = 0x74
    /// Maximum block size 64 KiB.
    static let blockDescriptor: UInt8 = 0x40
    private static let storedBlockFlag: UInt32 = 0x8000_0000

    /// Creates (or truncates) `path` and writes the frame header and the tape header.
    /// Throws `metadataTooLarge` before creating the file when readers would refuse the header.
    init(path: String, metadata: TapeMetadata) throws(TapeError) {
        let header = try TapeHeader(metadata: metadata).encoded(for: path)
        self.path = path
        output = [UInt8](repeating: 0, count: 4 + LZ4BlockCompressor.bound(LZ4BlockCompressor.maxInputSize) + 4)
        fd = try POSIXFile.createForWriting(path)
        var frameHeader = Self.frameMagic + [Self.frameFlags, Self.blockDescriptor]
        let descriptorHash = frameHeader[4...].withUnsafeBytes { XXHash32.hash($0) }
        frameHeader.append(UInt8(truncatingIfNeeded: descriptorHash >> 8))
        do {
            try write(frameHeader)
            pending = header
            try flush()
        } catch {
            // Closed here, and marked so: `self` is whole by now, so deinit runs too and must not
            // close the number again (by then it may be another session's socket or tape).
            isClosed = true
            POSIXFile.closeFile(fd)
            throw error
        }
    }

    deinit {
        // Dropped without close(): the file reads as truncated after its last flush.
        if !isClosed { POSIXFile.closeFile(fd) }
    }

    /// Bytes waiting for the next flush.
    var pendingBytes: Int { pending.count }

    /// Adds a record to what the next flush writes. Times must not decrease (the caller clamps).
    func append(_ record: TapeRecord) {
        if firstTime == nil { firstTime = record.time }
        lastTime = record.time
        TapeRecordCodec.append(record, to: &pending)
        recordCount += 1
    }

    /// Compresses what is waiting into blocks of at most 64 KiB and writes them.
    func flush() throws(TapeError) {
        guard !isClosed else { throw .writerClosed(path: path) }
        guard !pending.isEmpty else { return }
        let pendingCount = pending.count
        var start = 0
        while start < pendingCount {
            let end = min(start + LZ4BlockCompressor.maxInputSize, pendingCount)
            let size = pending.withUnsafeBytes { all in
                encodeBlock(UnsafeRawBufferPointer(rebasing: all[start..<end]))
            }
            try write(count: size)
            start = end
        }
        uncompressedBytes += UInt64(pendingCount)
        pending.removeAll(keepingCapacity: true)
        flushedRecordCount = recordCount
    }

    /// Flushes, then ends the frame with its end mark and content checksum and closes the file.
    func close() throws(TapeError) {
        guard !isClosed else { return }
        try flush()
        var end: [UInt8] = [0, 0, 0, 0]
        Self.appendLE(contentHash.digest(), to: &end)
        try write(end)
        isClosed = true
        POSIXFile.closeFile(fd)
    }

    /// Block size, data and block checksum into `output`; returns the bytes used.
    private func encodeBlock(_ block: UnsafeRawBufferPointer) -> Int {
        contentHash.update(block)
        return output.withUnsafeMutableBytes { out -> Int in
            let data = out.baseAddress! + 4
            var size: Int
            var sizeField: UInt32
            if let compressed = compressor.compress(block, into: data) {
                size = compressed
                sizeField = UInt32(compressed)
            } else {
                data.copyMemory(from: block.baseAddress!, byteCount: block.count)
                size = block.count
                sizeField = UInt32(block.count) | Self.storedBlockFlag
            }
            out.storeBytes(of: sizeField.littleEndian, toByteOffset: 0, as: UInt32.self)
            let checksum = XXHash32.hash(UnsafeRawBufferPointer(start: data, count: size))
            out.storeBytes(of: checksum.littleEndian, toByteOffset: 4 + size, as: UInt32.self)
            return 4 + size + 4
        }
    }

    private func write(count: Int) throws(TapeError) {
        let result: Result<Void, TapeError> = output.withUnsafeBytes { out in
            Result { () throws(TapeError) in
                try POSIXFile.writeAll(fd, UnsafeRawBufferPointer(rebasing: out[0..<count]), path: path)
            }
        }
        try result.get()
        compressedBytes += UInt64(count)
    }

    private func write(_ bytes: [UInt8]) throws(TapeError) {
        let result: Result<Void, TapeError> = bytes.withUnsafeBytes { raw in
            Result { () throws(TapeError) in try POSIXFile.writeAll(fd, raw, path: path) }
        }
        try result.get()
        compressedBytes += UInt64(bytes.count)
    }

    private static func appendLE(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
}
