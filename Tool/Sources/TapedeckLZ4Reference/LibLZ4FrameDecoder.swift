import CLZ4
import TapedeckTape

/// liblz4's frame decoder as the reference for TapedeckTape's Swift one: the same units
/// (`LZ4FrameUnits`: frame header, one block, end mark, read and parsed once for both), each fed
/// whole to liblz4's `LZ4F_decompress`, which checks and decodes it. Tests compare the bytes and
/// the stops of both decoders on every frame they have, the ones the tape writer writes among
/// them; `tapedeck bench` measures one against the other (`LibLZ4Decompressor`, stage `lz4_liblz4`).
package final class LibLZ4FrameDecoder: LZ4FrameStepping {
    package typealias Stop = LZ4FrameStop
    package typealias Step = LZ4FrameStep

    private let units: LZ4FrameUnits
    package var path: String { units.path }
    package var fileSize: UInt64 { units.fileSize }
    /// Compressed offset of the next unit.
    package var consumed: UInt64 { units.consumed }
    /// Bytes produced by decompression so far.
    package private(set) var uncompressedBytes: UInt64 = 0

    private var context: OpaquePointer?
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)

    package init(path: String) throws(TapeError) {
        var context: OpaquePointer?
        let created = LZ4F_createDecompressionContext(&context, UInt32(LZ4F_VERSION))
        guard LZ4F_isError(created) == 0, let context else {
            throw .cannotOpen(path: path, reason: "LZ4: " + String(cString: LZ4F_getErrorName(created)))
        }
        do {
            units = try LZ4FrameUnits(path: path)
        } catch {
            LZ4F_freeDecompressionContext(context)
            throw error
        }
        self.context = context
    }

    deinit {
        if let context { LZ4F_freeDecompressionContext(context) }
    }

    /// Decodes the next unit, appending decompressed bytes to `output`.
    package func step(into output: inout [UInt8]) throws(Stop) -> Step {
        switch try units.next() {
        case .frameHeader(let frame, let length):
            if scratch.count < frame.blockMax { scratch = [UInt8](repeating: 0, count: frame.blockMax) }
            _ = try decompress(length, into: &output, what: "frame header")
        case .block(_, _, _, let length):
            _ = try decompress(length, into: &output, what: "block")
        case .frameEnd(_, let length):
            let hint = try decompress(length, into: &output, what: "frame end (content checksum)")
            guard hint == 0 else { throw .damaged(atByte: consumed, reason: "the frame end mark did not end the frame") }
        case .endOfFile:
            return .endOfFile
        }
        units.advance()
        return .decoded
    }

    /// Feeds one whole unit to LZ4F_decompress; returns LZ4's hint (0 when a frame is complete).
    private func decompress(_ length: Int, into output: inout [UInt8], what: String) throws(Stop) -> Int {
        let unit = units.unread(0, length)
        var fed = 0
        var hint = 0
        while fed < length {
            var sourceSize = length - fed
            var producedSize = scratch.count
            hint = scratch.withUnsafeMutableBytes { destination in
                LZ4F_decompress(context, destination.baseAddress, &producedSize, unit.baseAddress! + fed, &sourceSize, nil)
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
