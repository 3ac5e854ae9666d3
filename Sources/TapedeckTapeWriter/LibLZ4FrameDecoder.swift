import CLZ4
import TapedeckTape

/// TapedeckTape's reading path before it decoded LZ4 in Swift (commit d6ae299's LZ4FrameDecoder,
/// renamed): a file of LZ4 frames read unit by unit (frame header, one block, end mark), each
/// unit parsed as `LZ4FrameDecoder` parses it and then fed whole to liblz4's `LZ4F_decompress`.
/// Kept as the reference the Swift decoder is measured against (`LibLZ4Decompressor`, the
/// `lz4_liblz4` stage of `tapedeck bench`) and tested against (same bytes, same stops).
package final class LibLZ4FrameDecoder {
    /// Why decoding stopped early.
    package enum Stop: Error {
        /// The file ends inside a frame; the incomplete unit starts at `atByte`.
        case truncated(atByte: UInt64)
        case damaged(atByte: UInt64, reason: String)
        /// The first bytes are not an LZ4 frame.
        case notLZ4(reason: String)
        case io(TapeError)
    }

    package enum Step {
        /// A unit was decoded; zero or more bytes were appended.
        case decoded
        /// The file ended cleanly after a complete frame.
        case endOfFile
    }

    private enum State {
        case frameStart(isFirst: Bool)
        case blocks(blockMax: Int, blockChecksum: Bool, contentChecksum: Bool)
    }

    private static let frameMagic: UInt32 = 0x184D_2204
    private static let readSize = 256 * 1024

    package let path: String
    package let fileSize: UInt64
    /// Compressed offset of the next unit.
    package private(set) var consumed: UInt64 = 0
    /// Bytes produced by decompression so far.
    package private(set) var uncompressedBytes: UInt64 = 0

    private let fd: Int32
    private var context: OpaquePointer?
    private var state = State.frameStart(isFirst: true)
    private var input: [UInt8]
    private var inputStart = 0
    private var inputEnd = 0
    private var atEndOfFile = false
    private var scratch: [UInt8]

    package init(path: String) throws(TapeError) {
        self.path = path
        var context: OpaquePointer?
        let created = LZ4F_createDecompressionContext(&context, UInt32(LZ4F_VERSION))
        guard LZ4F_isError(created) == 0, let context else {
            throw .cannotOpen(path: path, reason: "LZ4: " + String(cString: LZ4F_getErrorName(created)))
        }
        do {
            fd = try POSIXFile.openForReading(path)
        } catch {
            LZ4F_freeDecompressionContext(context)
            throw error
        }
        self.context = context
        fileSize = POSIXFile.size(fd)
        input = [UInt8](repeating: 0, count: Self.readSize)
        scratch = [UInt8](repeating: 0, count: 64 * 1024)
    }

    deinit {
        if let context { LZ4F_freeDecompressionContext(context) }
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
                    var grown = [UInt8](repeating: 0, count: max(count, input.count * 2))
                    grown.withUnsafeMutableBytes { to in
                        input.withUnsafeBytes { from in
                            to.baseAddress!.copyMemory(from: from.baseAddress! + inputStart, byteCount: kept)
                        }
                    }
                    input = grown
                } else if kept > 0 {
                    input.withUnsafeMutableBytes { buffer in
                        buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + inputStart, byteCount: kept)
                    }
                }
                inputStart = 0
                inputEnd = kept
            }
            let offset = consumed + UInt64(available)
            let space = input.count - inputEnd
            let result: Result<Int, TapeError> = input.withUnsafeMutableBytes { buffer in
                Result { () throws(TapeError) in
                    try POSIXFile.read(fd, into: buffer.baseAddress! + inputEnd, count: space, path: path, offset: offset)
                }
            }
            let got: Int
            switch result {
            case .success(let count): got = count
            case .failure(let error): throw .io(error)
            }
            if got == 0 { atEndOfFile = true } else { inputEnd += got }
        }
        return true
    }

    private func consume(_ count: Int) {
        inputStart += count
        consumed += UInt64(count)
    }

    private func byte(_ index: Int) -> UInt8 { input[inputStart + index] }

    private func u32(_ index: Int) -> UInt32 {
        UInt32(byte(index)) | UInt32(byte(index + 1)) << 8 | UInt32(byte(index + 2)) << 16 | UInt32(byte(index + 3)) << 24
    }

    /// Decodes the next unit, appending decompressed bytes to `output`.
    package func step(into output: inout [UInt8]) throws(Stop) -> Step {
        switch state {
        case .frameStart(let isFirst):
            return try startFrame(isFirst: isFirst, into: &output)
        case .blocks(let blockMax, let blockChecksum, let contentChecksum):
            guard try ensure(4) else { throw .truncated(atByte: consumed) }
            let sizeField = u32(0)
            if sizeField == 0 {
                let unit = 4 + (contentChecksum ? 4 : 0)
                guard try ensure(unit) else { throw .truncated(atByte: consumed) }
                let hint = try decompress(unit, into: &output, what: "frame end (content checksum)")
                guard hint == 0 else { throw .damaged(atByte: consumed, reason: "the frame end mark did not end the frame") }
                consume(unit)
                state = .frameStart(isFirst: false)
                return .decoded
            }
            let size = Int(sizeField & 0x7FFF_FFFF)
            guard size <= blockMax else {
                throw .damaged(atByte: consumed, reason: "block size \(size) exceeds the frame's maximum of \(blockMax) bytes")
            }
            let unit = 4 + size + (blockChecksum ? 4 : 0)
            guard try ensure(unit) else { throw .truncated(atByte: consumed) }
            _ = try decompress(unit, into: &output, what: "block")
            consume(unit)
            return .decoded
        }
    }

    private func startFrame(isFirst: Bool, into output: inout [UInt8]) throws(Stop) -> Step {
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
        let unit = 7 + (flags & 0x08 != 0 ? 8 : 0) + (flags & 0x01 != 0 ? 4 : 0)
        guard try ensure(unit) else { throw .truncated(atByte: consumed) }
        if scratch.count < blockMax { scratch = [UInt8](repeating: 0, count: blockMax) }
        _ = try decompress(unit, into: &output, what: "frame header")
        consume(unit)
        state = .blocks(blockMax: blockMax, blockChecksum: flags & 0x10 != 0, contentChecksum: flags & 0x04 != 0)
        return .decoded
    }

    /// Feeds one whole unit to LZ4F_decompress; returns LZ4's hint (0 when a frame is complete).
    private func decompress(_ unit: Int, into output: inout [UInt8], what: String) throws(Stop) -> Int {
        var fed = 0
        var hint = 0
        while fed < unit {
            var sourceSize = unit - fed
            var producedSize = scratch.count
            let start = inputStart + fed
            hint = input.withUnsafeBytes { source in
                scratch.withUnsafeMutableBytes { destination in
                    LZ4F_decompress(
                        context, destination.baseAddress, &producedSize, source.baseAddress! + start, &sourceSize, nil)
                }
            }
            if LZ4F_isError(hint) != 0 {
                let name = String(cString: LZ4F_getErrorName(hint))
                let reason =
                    what == "block"
                    ? "block checksum mismatch or corrupt block (LZ4: \(name))" : "\(what) is corrupt (LZ4: \(name))"
                throw .damaged(atByte: consumed, reason: reason)
            }
            if producedSize > 0 {
                output.append(contentsOf: scratch[0..<producedSize])
                uncompressedBytes += UInt64(producedSize)
            }
            guard sourceSize > 0 || producedSize > 0 else {
                throw .damaged(atByte: consumed, reason: "\(what) could not be decoded")
            }
            fed += sourceSize
        }
        return hint
    }
}
