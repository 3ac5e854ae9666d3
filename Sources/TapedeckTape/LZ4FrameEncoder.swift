/// The one LZ4 frame every tape is written in (docs/TAPE-FORMAT.md section 2), for `TapeWriter`:
/// magic, FLG `0x74` (version 01, independent blocks, block checksums, content checksum, no content
/// size, no dictionary), BD `0x40` (64 KiB blocks) and the header checksum; then blocks, each
/// compressed by `LZ4BlockCompressor` or stored when that does not make it smaller, with its
/// xxHash32; then the end mark and the content checksum. Pure Swift, so the proxy and the in-app
/// recorder write the same bytes; the tests read every frame it writes with liblz4 too.
///
/// One encoder per frame: it keeps the content checksum of the blocks so far.
struct LZ4FrameEncoder {
    static let frameMagic: [UInt8] = [0x04, 0x22, 0x4D, 0x18]
    static let frameFlags: UInt8 = 0x74
    static let blockDescriptor: UInt8 = 0x40
    /// The most record-stream bytes one block holds (the BD byte's 64 KiB).
    static let maxBlockInput = LZ4BlockCompressor.maxInputSize
    /// The most bytes `encodeBlock` writes: size field, data (compressed or stored), checksum.
    static let maxBlockOutput = 4 + LZ4BlockCompressor.bound(maxBlockInput) + 4
    private static let storedBlockFlag: UInt32 = 0x8000_0000

    private var compressor = LZ4BlockCompressor()
    private var contentHash = XXHash32()

    /// The frame header: magic, FLG, BD and the second byte of xxHash32 over FLG and BD.
    static var frameHeader: [UInt8] {
        let descriptor = [frameFlags, blockDescriptor]
        let checksum = descriptor.withUnsafeBytes { XXHash32.hash($0) }
        return frameMagic + descriptor + [UInt8(truncatingIfNeeded: checksum >> 8)]
    }

    /// Writes one block holding `block` (1 to `maxBlockInput` bytes of the record stream) to
    /// `output`, which has room for `maxBlockOutput` bytes; returns the bytes written.
    mutating func encodeBlock(_ block: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer) -> Int {
        contentHash.update(block)
        let data = output + 4
        let size: Int
        let sizeField: UInt32
        if let compressed = compressor.compress(block, into: data) {
            size = compressed
            sizeField = UInt32(compressed)
        } else {
            data.copyMemory(from: block.baseAddress!, byteCount: block.count)
            size = block.count
            sizeField = UInt32(block.count) | Self.storedBlockFlag
        }
        output.storeBytes(of: sizeField.littleEndian, toByteOffset: 0, as: UInt32.self)
        let checksum = XXHash32.hash(UnsafeRawBufferPointer(start: data, count: size))
        output.storeBytes(of: checksum.littleEndian, toByteOffset: 4 + size, as: UInt32.self)
        return 4 + size + 4
    }

    /// The end mark (a zero block size) and the checksum of all the content encoded.
    func frameEnd() -> [UInt8] {
        [0, 0, 0, 0] + withUnsafeBytes(of: contentHash.digest().littleEndian) { Array($0) }
    }
}
