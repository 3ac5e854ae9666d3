/// Reads a file of LZ4 frames (https://github.com/lz4/lz4/blob/dev/doc/lz4_Frame_format.md) unit
/// by unit (frame header, one block, end mark) and decodes each unit as a whole, so a failure can
/// name the compressed byte offset where the bad unit starts. Memory stays bounded by the largest
/// block, whatever the file size.
///
/// Pure Swift (`LZ4Block`, `XXHash32`): no liblz4, so tapes can be read wherever Swift runs. It
/// takes any valid frame: compressed and stored blocks, independent or linked blocks (matches
/// reaching up to 64 KiB back into earlier blocks of the frame, as the `lz4` tool writes by
/// default), block and content checksums or none, the content size and dictionary id fields,
/// skippable frames, several frames in a row. Damage reasons name the liblz4 error that the same
/// bytes gave when tapes were read through liblz4.
final class LZ4FrameDecoder {
    /// Why decoding stopped early.
    enum Stop: Error {
        /// The file ends inside a frame; the incomplete unit starts at `atByte`.
        case truncated(atByte: UInt64)
        case damaged(atByte: UInt64, reason: String)
        /// The first bytes are not an LZ4 frame.
        case notLZ4(reason: String)
        case io(TapeError)
    }

    enum Step {
        /// A unit was decoded; zero or more bytes were appended.
        case decoded
        /// The file ended cleanly after a complete frame.
        case endOfFile
    }

    /// What a frame's header says about its blocks.
    private struct Frame {
        let blockMax: Int
        let blockChecksum: Bool
        let contentChecksum: Bool
        /// Blocks may refer back to earlier blocks of the frame (block independence flag clear).
        let linked: Bool
        /// The content size field, when present and not 0 (0 means unknown, as in liblz4).
        let contentSize: UInt64?
    }

    private enum State {
        case frameStart(isFirst: Bool)
        case blocks(Frame)
    }

    private static let frameMagic: UInt32 = 0x184D_2204
    private static let readSize = 256 * 1024
    /// How far back a match may reach: the history a linked block needs.
    private static let historySize = 64 * 1024

    let path: String
    let fileSize: UInt64
    /// Compressed offset of the next unit.
    private(set) var consumed: UInt64 = 0
    /// Bytes produced by decompression so far.
    private(set) var uncompressedBytes: UInt64 = 0

    private let fd: Int32
    private var state = State.frameStart(isFirst: true)
    /// File bytes read ahead; `inputStart..<inputEnd` are not consumed yet.
    private var input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0
    private var atEndOfFile = false
    /// Where blocks are decompressed. For linked blocks it also keeps the frame's recent output,
    /// `historyStart..<windowEnd`, which the next block's matches may refer to.
    private var window: UnsafeMutableRawBufferPointer
    private var windowEnd = 0
    private var historyStart = 0
    /// The current frame's content checksum so far, and how many bytes it decoded.
    private var contentHash = XXHash32()
    private var frameBytes: UInt64 = 0

    init(path: String) throws(TapeError) {
        self.path = path
        fd = try POSIXFile.openForReading(path)
        fileSize = POSIXFile.size(fd)
        input = .allocate(byteCount: Self.readSize, alignment: 16)
        window = .allocate(byteCount: 64 * 1024, alignment: 16)
    }

    deinit {
        input.deallocate()
        window.deallocate()
        POSIXFile.closeFile(fd)
    }

    private var available: Int { inputEnd - inputStart }

    /// Makes `count` bytes available from `inputStart`; false if the file ends first.
    private func ensure(_ count: Int) throws(Stop) -> Bool {
        while available < count {
            if atEndOfFile { return false }
            if inputStart + count > input.count {
                // Move the unread bytes to the front, growing the buffer for a big unit.
                let kept = available
                if count > input.count {
                    let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, input.count * 2), alignment: 16)
                    grown.baseAddress!.copyMemory(from: input.baseAddress! + inputStart, byteCount: kept)
                    input.deallocate()
                    input = grown
                } else if kept > 0 {
                    input.baseAddress!.copyMemory(from: input.baseAddress! + inputStart, byteCount: kept)
                }
                inputStart = 0
                inputEnd = kept
            }
            let offset = consumed + UInt64(available)
            let got: Int
            do {
                got = try POSIXFile.read(
                    fd, into: input.baseAddress! + inputEnd, count: input.count - inputEnd, path: path, offset: offset)
            } catch {
                throw .io(error)
            }
            if got == 0 { atEndOfFile = true } else { inputEnd += got }
        }
        return true
    }

    private func consume(_ count: Int) {
        inputStart += count
        consumed += UInt64(count)
    }

    /// The unread input from `index` on, `count` bytes (made available by `ensure` before).
    private func unread(_ index: Int, _ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: input[inputStart + index..<inputStart + index + count])
    }

    private func byte(_ index: Int) -> UInt8 { input[inputStart + index] }

    private func u32(_ index: Int) -> UInt32 {
        UInt32(
            littleEndian: UnsafeRawPointer(input.baseAddress! + inputStart).loadUnaligned(fromByteOffset: index, as: UInt32.self))
    }

    private func u64(_ index: Int) -> UInt64 {
        UInt64(
            littleEndian: UnsafeRawPointer(input.baseAddress! + inputStart).loadUnaligned(fromByteOffset: index, as: UInt64.self))
    }

    /// Decodes the next unit, appending decompressed bytes to `output`.
    func step(into output: inout [UInt8]) throws(Stop) -> Step {
        switch state {
        case .frameStart(let isFirst):
            return try startFrame(isFirst: isFirst)
        case .blocks(let frame):
            guard try ensure(4) else { throw .truncated(atByte: consumed) }
            let sizeField = u32(0)
            if sizeField == 0 {
                let unit = 4 + (frame.contentChecksum ? 4 : 0)
                guard try ensure(unit) else { throw .truncated(atByte: consumed) }
                try endFrame(frame)
                consume(unit)
                state = .frameStart(isFirst: false)
                return .decoded
            }
            let size = Int(sizeField & 0x7FFF_FFFF)
            guard size <= frame.blockMax else {
                throw .damaged(
                    atByte: consumed, reason: "block size \(size) exceeds the frame's maximum of \(frame.blockMax) bytes")
            }
            let unit = 4 + size + (frame.blockChecksum ? 4 : 0)
            guard try ensure(unit) else { throw .truncated(atByte: consumed) }
            try decodeBlock(frame, size: size, stored: sizeField & 0x8000_0000 != 0, into: &output)
            consume(unit)
            return .decoded
        }
    }

    private func startFrame(isFirst: Bool) throws(Stop) -> Step {
        guard try ensure(4) else {
            if available == 0 {
                if isFirst { throw .notLZ4(reason: "the file is empty") }
                return .endOfFile
            }
            let magicPrefix: [UInt8] = [0x04, 0x22, 0x4D, 0x18]
            if isFirst, !(0..<available).allSatisfy({ byte($0) == magicPrefix[$0] }) {
                throw .notLZ4(reason: "it does not start with an LZ4 frame")
            }
            throw .truncated(atByte: consumed)
        }
        let magic = u32(0)
        if magic & 0xFFFF_FFF0 == 0x184D_2A50 {
            // A skippable frame: its content is not part of the record stream.
            guard try ensure(8) else { throw .truncated(atByte: consumed) }
            var remaining = UInt64(u32(4))
            consume(8)
            while remaining > 0 {
                if available == 0 { guard try ensure(1) else { throw .truncated(atByte: consumed) } }
                let step = Int(min(UInt64(available), remaining))
                consume(step)
                remaining -= UInt64(step)
            }
            state = .frameStart(isFirst: isFirst)
            return .decoded
        }
        guard magic == Self.frameMagic else {
            if isFirst { throw .notLZ4(reason: "it does not start with an LZ4 frame") }
            throw .damaged(atByte: consumed, reason: "expected an LZ4 frame, found bytes that are not one")
        }
        guard try ensure(7) else { throw .truncated(atByte: consumed) }
        let flags = byte(4)
        let descriptor = byte(5)
        guard flags >> 6 == 1 else {
            throw .damaged(atByte: consumed, reason: "unsupported LZ4 frame version in the frame header")
        }
        let blockMax: Int
        switch descriptor >> 4 & 7 {
        case 4: blockMax = 64 * 1024
        case 5: blockMax = 256 * 1024
        case 6: blockMax = 1024 * 1024
        case 7: blockMax = 4 * 1024 * 1024
        default: throw .damaged(atByte: consumed, reason: "invalid block size code in the frame header")
        }
        let hasContentSize = flags & 0x08 != 0
        let unit = 7 + (hasContentSize ? 8 : 0) + (flags & 0x01 != 0 ? 4 : 0)
        guard try ensure(unit) else { throw .truncated(atByte: consumed) }
        // The checks liblz4 makes, in its order: reserved bits, then the header checksum
        // (the second byte of xxHash32 over the descriptor, from FLG to before the checksum).
        guard flags & 0x02 == 0, descriptor & 0x8F == 0 else { throw headerDamage("ERROR_reservedFlag_set") }
        guard UInt8(truncatingIfNeeded: XXHash32.hash(unread(4, unit - 5)) >> 8) == byte(unit - 1) else {
            throw headerDamage("ERROR_headerChecksum_invalid")
        }
        let contentSize = hasContentSize ? u64(6) : 0
        let frame = Frame(
            blockMax: blockMax, blockChecksum: flags & 0x10 != 0, contentChecksum: flags & 0x04 != 0,
            linked: flags & 0x20 == 0, contentSize: contentSize == 0 ? nil : contentSize)
        startWindow(for: frame)
        contentHash = XXHash32()
        frameBytes = 0
        consume(unit)
        state = .blocks(frame)
        return .decoded
    }

    private func headerDamage(_ lz4Error: String) -> Stop {
        .damaged(atByte: consumed, reason: "frame header is corrupt (LZ4: \(lz4Error))")
    }

    private func blockDamage(_ lz4Error: String) -> Stop {
        .damaged(atByte: consumed, reason: "block checksum mismatch or corrupt block (LZ4: \(lz4Error))")
    }

    /// Empties the window and makes it big enough for the frame's blocks (and, when they are
    /// linked, for the history they may refer to).
    private func startWindow(for frame: Frame) {
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
    private func decodeBlock(_ frame: Frame, size: Int, stored: Bool, into output: inout [UInt8]) throws(Stop) {
        let data = unread(4, size)
        if frame.blockChecksum, XXHash32.hash(data) != u32(4 + size) {
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
    private func endFrame(_ frame: Frame) throws(Stop) {
        if let contentSize = frame.contentSize, contentSize != frameBytes {
            throw .damaged(atByte: consumed, reason: "frame end (content checksum) is corrupt (LZ4: ERROR_frameSize_wrong)")
        }
        if frame.contentChecksum, contentHash.digest() != u32(4) {
            throw .damaged(
                atByte: consumed, reason: "frame end (content checksum) is corrupt (LZ4: ERROR_contentChecksum_invalid)")
        }
    }
}
