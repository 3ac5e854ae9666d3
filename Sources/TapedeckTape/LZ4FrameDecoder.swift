/// Decodes a file of LZ4 frames (https://github.com/lz4/lz4/blob/dev/doc/lz4_Frame_format.md) unit
/// by unit (frame header, one block, end mark, as `LZ4FrameUnits` reads them), each unit as a
/// whole, so a failure can name the compressed byte offset where the bad unit starts. Memory stays
/// bounded by the largest block, whatever the file size.
///
/// Pure Swift (`LZ4Block`, `XXHash32`): no liblz4, so tapes can be read wherever Swift runs. It
/// takes any valid frame: compressed and stored blocks, independent or linked blocks (matches
/// reaching up to 64 KiB back into earlier blocks of the frame, as the `lz4` tool writes by
/// default), block and content checksums or none, the content size and dictionary id fields,
/// skippable frames, several frames in a row. Damage reasons name the liblz4 error that the same
/// bytes gave when tapes were read through liblz4.
final class LZ4FrameDecoder: LZ4FrameStepping {
    typealias Stop = LZ4FrameStop
    typealias Step = LZ4FrameStep

    /// How far back a match may reach: the history a linked block needs.
    private static let historySize = 64 * 1024

    /// The file's units, read and parsed; this type checks and decodes what they hold.
    private let units: LZ4FrameUnits
    var path: String { units.path }
    var fileSize: UInt64 { units.fileSize }
    /// Compressed offset of the next unit.
    var consumed: UInt64 { units.consumed }
    /// Bytes produced by decompression so far.
    private(set) var uncompressedBytes: UInt64 = 0

    /// Where blocks are decompressed. For linked blocks it also keeps the frame's recent output,
    /// `historyStart..<windowEnd`, which the next block's matches may refer to.
    private var window: UnsafeMutableRawBufferPointer
    private var windowEnd = 0
    private var historyStart = 0
    /// The current frame's content checksum so far, and how many bytes it decoded.
    private var contentHash = XXHash32()
    private var frameBytes: UInt64 = 0

    init(path: String) throws(TapeError) {
        units = try LZ4FrameUnits(path: path)
        window = .allocate(byteCount: 64 * 1024, alignment: 16)
    }

    deinit {
        window.deallocate()
    }

    /// Decodes the next unit, appending decompressed bytes to `output`.
    func step(into output: inout [UInt8]) throws(Stop) -> Step {
        switch try units.next() {
        case .frameHeader(let frame, let length):
            try checkHeader(frame, length: length)
            startWindow(for: frame)
            contentHash = XXHash32()
            frameBytes = 0
        case .block(let frame, let size, let stored, _):
            try decodeBlock(frame, size: size, stored: stored, into: &output)
        case .frameEnd(let frame, _):
            try endFrame(frame)
        case .endOfFile:
            return .endOfFile
        }
        units.advance()
        return .decoded
    }

    /// The checks liblz4 makes of a frame header, in its order: reserved bits, then the header
    /// checksum (the second byte of xxHash32 over the descriptor, from FLG to before the checksum).
    private func checkHeader(_ frame: LZ4FrameDescriptor, length: Int) throws(Stop) {
        guard frame.flags & 0x02 == 0, frame.descriptor & 0x8F == 0 else { throw headerDamage("ERROR_reservedFlag_set") }
        guard UInt8(truncatingIfNeeded: XXHash32.hash(units.unread(4, length - 5)) >> 8) == units.byte(length - 1) else {
            throw headerDamage("ERROR_headerChecksum_invalid")
        }
    }

    private func headerDamage(_ lz4Error: String) -> Stop {
        .damaged(atByte: consumed, reason: "frame header is corrupt (LZ4: \(lz4Error))")
    }

    private func blockDamage(_ lz4Error: String) -> Stop {
        .damaged(atByte: consumed, reason: "block checksum mismatch or corrupt block (LZ4: \(lz4Error))")
    }

    /// Empties the window and makes it big enough for the frame's blocks (and, when they are
    /// linked, for the history they may refer to).
    private func startWindow(for frame: LZ4FrameDescriptor) {
        let needed = frame.linked ? 2 * frame.blockMax + Self.historySize : frame.blockMax
        if window.count < needed {
            window.deallocate()
            window = .allocate(byteCount: needed, alignment: 16)
        }
        windowEnd = 0
        historyStart = 0
    }

    /// Checks and decodes the block at the start of the unread input (its 4-byte size field
    /// first), appending its content to `output`.
    private func decodeBlock(_ frame: LZ4FrameDescriptor, size: Int, stored: Bool, into output: inout [UInt8]) throws(Stop) {
        let data = units.unread(4, size)
        if frame.blockChecksum, XXHash32.hash(data) != units.u32(4 + size) {
            throw blockDamage("ERROR_blockChecksum_invalid")
        }
        let content: UnsafeRawBufferPointer
        if frame.linked {
            if windowEnd + frame.blockMax > window.count {
                // Keep the last 64 KiB of the frame's output at the front, for the next matches.
                let kept = min(Self.historySize, windowEnd - historyStart)
                window.baseAddress!.copyMemory(from: window.baseAddress! + (windowEnd - kept), byteCount: kept)
                historyStart = 0
                windowEnd = kept
            }
            let produced: Int
            if stored {
                (window.baseAddress! + windowEnd).copyMemory(from: data.baseAddress!, byteCount: size)
                produced = size
            } else {
                guard
                    let count = LZ4Block.decompress(
                        data, into: window, at: windowEnd, limit: windowEnd + frame.blockMax,
                        historyStart: historyStart)
                else {
                    throw blockDamage("ERROR_decompressionFailed")
                }
                produced = count
            }
            content = UnsafeRawBufferPointer(rebasing: window[windowEnd..<windowEnd + produced])
            windowEnd += produced
        } else if stored {
            content = data
        } else {
            guard let count = LZ4Block.decompress(data, into: window, at: 0, limit: frame.blockMax, historyStart: 0) else {
                throw blockDamage("ERROR_decompressionFailed")
            }
            content = UnsafeRawBufferPointer(rebasing: window[0..<count])
        }
        if frame.contentChecksum { contentHash.update(content) }
        frameBytes += UInt64(content.count)
        uncompressedBytes += UInt64(content.count)
        output.append(contentsOf: content)
    }

    /// Checks the end mark's unit: the content size field against the bytes decoded, then the
    /// content checksum, as liblz4 does.
    private func endFrame(_ frame: LZ4FrameDescriptor) throws(Stop) {
        if let contentSize = frame.contentSize, contentSize != frameBytes {
            throw .damaged(atByte: consumed, reason: "frame end (content checksum) is corrupt (LZ4: ERROR_frameSize_wrong)")
        }
        if frame.contentChecksum, contentHash.digest() != units.u32(4) {
            throw .damaged(
                atByte: consumed, reason: "frame end (content checksum) is corrupt (LZ4: ERROR_contentChecksum_invalid)")
        }
    }
}
