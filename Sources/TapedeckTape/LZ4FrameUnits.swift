/// What a frame's header says about its blocks.
public struct LZ4FrameDescriptor {
    /// The FLG and BD bytes as read, for the checks a decoder makes of reserved bits.
    public let flags: UInt8
    /// The BD byte as read (see `flags`).
    public let descriptor: UInt8
    /// The largest block the frame may hold, in bytes: 64 KiB, 256 KiB, 1 MiB or 4 MiB.
    public let blockMax: Int
    /// Each block is followed by an xxHash32 of its data.
    public let blockChecksum: Bool
    /// The frame ends with an xxHash32 of its whole decompressed content.
    public let contentChecksum: Bool
    /// Blocks may refer back to earlier blocks of the frame (block independence flag clear).
    public let linked: Bool
    /// The content size field, when present and not 0 (0 means unknown, as in liblz4).
    public let contentSize: UInt64?
}

/// One unit of a file of LZ4 frames, whole in `LZ4FrameUnits`' buffer from its `unread(0, length)`.
public enum LZ4FrameUnit {
    /// Magic, descriptor, optional fields and header checksum.
    case frameHeader(LZ4FrameDescriptor, length: Int)
    /// Size field, data (`size` bytes, stored uncompressed when `stored`), optional checksum.
    case block(LZ4FrameDescriptor, size: Int, stored: Bool, length: Int)
    /// The end mark and the optional content checksum.
    case frameEnd(LZ4FrameDescriptor, length: Int)
    /// The file ended cleanly after a complete frame.
    case endOfFile
}

/// The structure of a file of LZ4 frames (https://github.com/lz4/lz4/blob/dev/doc/lz4_Frame_format.md),
/// read unit by unit (frame header, one block, end mark) into a buffer, skippable frames passed
/// over: where each unit starts and ends, its fields, truncation and structural damage. What a
/// unit holds is checked and decoded by the decoder on top, TapedeckTape's `LZ4FrameDecoder` or
/// the liblz4 reference, which share this reading so that they differ only in the decoding.
/// Memory stays bounded by the largest unit, whatever the file size.
public final class LZ4FrameUnits {
    private enum State {
        case frameStart(isFirst: Bool)
        case blocks(LZ4FrameDescriptor)
    }

    private static let frameMagic: UInt32 = 0x184D_2204
    private static let readSize = 256 * 1024

    /// The file's path, as given.
    public let path: String
    /// The file's size in bytes when it was opened.
    public let fileSize: UInt64
    /// Compressed offset of the current unit (the next one, once `advance()` has passed it).
    public private(set) var consumed: UInt64 = 0

    private let fd: Int32
    private var state = State.frameStart(isFirst: true)
    /// File bytes read ahead; `inputStart..<inputEnd` are not consumed yet.
    private var input: UnsafeMutableRawBufferPointer
    private var inputStart = 0
    private var inputEnd = 0
    private var atEndOfFile = false
    /// The unit `next()` returned, passed by `advance()`.
    private var current: LZ4FrameUnit = .endOfFile

    /// Opens the file; nothing is read yet.
    ///
    /// - Parameter path: The file's path.
    /// - Throws: `TapeError` when the file is missing or cannot be opened.
    public init(path: String) throws(TapeError) {
        self.path = path
        fd = try POSIXFile.openForReading(path)
        fileSize = POSIXFile.size(fd)
        input = .allocate(byteCount: Self.readSize, alignment: 16)
    }

    deinit {
        input.deallocate()
        POSIXFile.closeFile(fd)
    }

    private var available: Int { inputEnd - inputStart }

    /// Makes `count` bytes available from `inputStart`; false if the file ends first.
    private func ensure(_ count: Int) throws(LZ4FrameStop) -> Bool {
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

    /// The current unit's bytes from `index` on, `count` of them.
    ///
    /// - Parameters:
    ///   - index: The offset in the current unit, from 0.
    ///   - count: How many bytes; `index + count` may not pass the unit's length.
    /// - Returns: A view of the buffer, valid until the next call of `next()` or `advance()`.
    public func unread(_ index: Int, _ count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: input[inputStart + index..<inputStart + index + count])
    }

    /// One byte of the current unit.
    ///
    /// - Parameter index: The offset in the current unit, from 0; below the unit's length.
    /// - Returns: The byte there.
    public func byte(_ index: Int) -> UInt8 { input[inputStart + index] }

    /// A little-endian 32-bit field of the current unit (a block's size field, a checksum).
    ///
    /// - Parameter index: The field's offset in the current unit, from 0; 4 bytes from there must
    ///   be in the unit.
    /// - Returns: The field's value.
    public func u32(_ index: Int) -> UInt32 {
        UInt32(
            littleEndian: UnsafeRawPointer(input.baseAddress! + inputStart).loadUnaligned(fromByteOffset: index, as: UInt32.self))
    }

    private func u64(_ index: Int) -> UInt64 {
        UInt64(
            littleEndian: UnsafeRawPointer(input.baseAddress! + inputStart).loadUnaligned(fromByteOffset: index, as: UInt64.self))
    }

    /// Reads the next unit whole into the buffer, without checking what it holds. The caller
    /// checks and decodes it (reporting damage at `consumed`), then calls `advance()`.
    ///
    /// - Returns: The unit, whole in the buffer; `.endOfFile` after the last complete frame (and
    ///   again on each later call).
    /// - Throws: `LZ4FrameStop`: `.notLZ4` for a file that is empty or does not start with an LZ4
    ///   frame, `.truncated` when it ends inside a unit, `.damaged` for a header or block size the
    ///   format does not allow, `.io` when reading fails.
    public func next() throws(LZ4FrameStop) -> LZ4FrameUnit {
        switch state {
        case .frameStart(let isFirst):
            current = try frameHeader(isFirst: isFirst)
        case .blocks(let frame):
            guard try ensure(4) else { throw .truncated(atByte: consumed) }
            let sizeField = u32(0)
            if sizeField == 0 {
                let length = 4 + (frame.contentChecksum ? 4 : 0)
                guard try ensure(length) else { throw .truncated(atByte: consumed) }
                current = .frameEnd(frame, length: length)
            } else {
                let size = Int(sizeField & 0x7FFF_FFFF)
                guard size <= frame.blockMax else {
                    throw .damaged(
                        atByte: consumed, reason: "block size \(size) exceeds the frame's maximum of \(frame.blockMax) bytes")
                }
                let length = 4 + size + (frame.blockChecksum ? 4 : 0)
                guard try ensure(length) else { throw .truncated(atByte: consumed) }
                current = .block(frame, size: size, stored: sizeField & 0x8000_0000 != 0, length: length)
            }
        }
        return current
    }

    /// Passes the unit `next()` returned, once it has been decoded.
    public func advance() {
        switch current {
        case .frameHeader(let frame, let length):
            consume(length)
            state = .blocks(frame)
        case .block(_, _, _, let length):
            consume(length)
        case .frameEnd(_, let length):
            consume(length)
            state = .frameStart(isFirst: false)
        case .endOfFile:
            break
        }
    }

    /// The next frame's header, after any skippable frames.
    private func frameHeader(isFirst: Bool) throws(LZ4FrameStop) -> LZ4FrameUnit {
        while true {
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
            guard magic & 0xFFFF_FFF0 == 0x184D_2A50 else { break }
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
        }
        guard u32(0) == Self.frameMagic else {
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
        let length = 7 + (hasContentSize ? 8 : 0) + (flags & 0x01 != 0 ? 4 : 0)
        guard try ensure(length) else { throw .truncated(atByte: consumed) }
        let contentSize = hasContentSize ? u64(6) : 0
        let frame = LZ4FrameDescriptor(
            flags: flags, descriptor: descriptor, blockMax: blockMax, blockChecksum: flags & 0x10 != 0,
            contentChecksum: flags & 0x04 != 0, linked: flags & 0x20 == 0, contentSize: contentSize == 0 ? nil : contentSize)
        return .frameHeader(frame, length: length)
    }
}
