import CLZ4
import Foundation
import TapedeckLZ4Reference

@testable import TapedeckTape

/// Inputs for the LZ4 tests and the two decoders run side by side: the Swift `LZ4FrameDecoder`
/// and the liblz4 reference `LibLZ4FrameDecoder` (TapedeckLZ4Reference).
enum LZ4TestSupport {
    /// A deterministic generator (splitmix64).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    /// How compressible generated data is.
    enum Texture: CaseIterable, Sendable {
        /// Random bytes: LZ4 stores such blocks uncompressed.
        case random
        /// Four symbols, no repeats: some compression, short literal runs.
        case fewSymbols
        /// Words and repeats at all distances up to 70,000 bytes (beyond a 64 KiB window too).
        case text
        /// Long runs of one byte: matches with offset 1 and long length fields.
        case runs
        /// JSON envelopes like a tape's payloads.
        case json
    }

    static func data(_ count: Int, _ texture: Texture, seed: UInt64) -> [UInt8] {
        var generator = Generator(state: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 64)
        switch texture {
        case .random:
            while bytes.count < count { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
        case .fewSymbols:
            while bytes.count < count { bytes.append(UInt8(97 + generator.next(below: 4))) }
        case .text:
            let words = ["energy", "money", " ", "diamonds", "the", "player", "claim", "\n", "event", "a", "question"]
            while bytes.count < count {
                if bytes.count > 16, generator.next(below: 3) == 0 {
                    let back = 1 + generator.next(below: min(bytes.count, 70_000))
                    for _ in 0..<(4 + generator.next(below: 60)) { bytes.append(bytes[bytes.count - back]) }
                } else {
                    bytes += Array(words[generator.next(below: words.count)].utf8)
                }
            }
        case .runs:
            while bytes.count < count {
                let byte = UInt8(truncatingIfNeeded: generator.next())
                bytes += [UInt8](repeating: byte, count: 1 + generator.next(below: generator.next(below: 2) == 0 ? 20 : 3000))
            }
        case .json:
            var index = 0
            while bytes.count < count {
                index += 1
                let text =
                    #"{"type":"u","message":{"energy":\#(generator.next(below: 100)),"money":\#(generator.next(below: 100_000)),"id":"e\#(index)","day":"2025-03-\#(10 + generator.next(below: 18))"}}"#
                bytes += Array(text.utf8)
            }
        }
        return Array(bytes.prefix(count))
    }

    /// The frame settings the tests vary.
    struct FrameOptions: CustomStringConvertible {
        var blockSize: LZ4F_blockSizeID_t = LZ4F_max64KB
        var linked = false
        var blockChecksum = true
        var contentChecksum = true
        var contentSize = false
        var level: Int32 = 0

        var description: String {
            "block size id \(blockSize.rawValue), \(linked ? "linked" : "independent"), block checksum \(blockChecksum), "
                + "content checksum \(contentChecksum), content size \(contentSize), level \(level)"
        }
    }

    /// One LZ4 frame holding `data`, written by liblz4's frame API. `pieces` feeds the data in
    /// several updates with a flush after each (blocks shorter than the maximum, as TapeWriter writes).
    static func frame(_ data: [UInt8], _ options: FrameOptions, pieces: Int = 1) -> [UInt8] {
        var preferences = LZ4F_preferences_t()
        preferences.frameInfo.blockSizeID = options.blockSize
        preferences.frameInfo.blockMode = options.linked ? LZ4F_blockLinked : LZ4F_blockIndependent
        preferences.frameInfo.blockChecksumFlag = options.blockChecksum ? LZ4F_blockChecksumEnabled : LZ4F_noBlockChecksum
        preferences.frameInfo.contentChecksumFlag = options.contentChecksum ? LZ4F_contentChecksumEnabled : LZ4F_noContentChecksum
        preferences.frameInfo.contentSize = options.contentSize ? UInt64(data.count) : 0
        preferences.compressionLevel = options.level
        var context: OpaquePointer?
        precondition(LZ4F_isError(LZ4F_createCompressionContext(&context, UInt32(LZ4F_VERSION))) == 0)
        defer { LZ4F_freeCompressionContext(context) }
        var output = [UInt8](repeating: 0, count: LZ4F_compressBound(data.count, &preferences) + 64 + 32 * pieces)
        var written = output.withUnsafeMutableBytes { LZ4F_compressBegin(context, $0.baseAddress, $0.count, &preferences) }
        precondition(LZ4F_isError(written) == 0)
        let step = max(1, (data.count + pieces - 1) / max(pieces, 1))
        var start = 0
        while start < data.count {
            let end = min(data.count, start + step)
            let size = data.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { out in
                    LZ4F_compressUpdate(
                        context, out.baseAddress! + written, out.count - written, input.baseAddress! + start, end - start, nil)
                }
            }
            precondition(LZ4F_isError(size) == 0, String(cString: LZ4F_getErrorName(size)))
            written += size
            if pieces > 1 {
                let flushed = output.withUnsafeMutableBytes { out in
                    LZ4F_flush(context, out.baseAddress! + written, out.count - written, nil)
                }
                precondition(LZ4F_isError(flushed) == 0)
                written += flushed
            }
            start = end
        }
        let ended = output.withUnsafeMutableBytes { out in
            LZ4F_compressEnd(context, out.baseAddress! + written, out.count - written, nil)
        }
        precondition(LZ4F_isError(ended) == 0)
        written += ended
        return Array(output.prefix(written))
    }

    /// A skippable frame of `count` bytes of content.
    static func skippableFrame(_ count: Int, magicLowBits: UInt8 = 0xA) -> [UInt8] {
        var bytes: [UInt8] = [0x50 | magicLowBits, 0x2A, 0x4D, 0x18]
        withUnsafeBytes(of: UInt32(count).littleEndian) { bytes += $0 }
        return bytes + [UInt8](repeating: 0xEE, count: count)
    }

    /// How a decoder went through a file: everything it produced, and how it stopped.
    struct Outcome: Equatable, CustomStringConvertible {
        var bytes: [UInt8] = []
        /// "complete", or the stop: "truncated at B", "damaged at B: reason", "not LZ4: reason".
        var end = ""
        var description: String { "\(bytes.count) bytes, \(end)" }
    }

    /// Runs the Swift decoder over the file at `path` to its end.
    static func swiftOutcome(_ path: String) -> Outcome {
        var outcome = Outcome()
        do {
            let decoder = try LZ4FrameDecoder(path: path)
            while true {
                if case .endOfFile = try decoder.step(into: &outcome.bytes) {
                    outcome.end = "complete"
                    break
                }
            }
        } catch let stop as LZ4FrameDecoder.Stop {
            switch stop {
            case .truncated(let offset): outcome.end = "truncated at \(offset)"
            case .damaged(let offset, let reason): outcome.end = "damaged at \(offset): \(reason)"
            case .notLZ4(let reason): outcome.end = "not LZ4: \(reason)"
            case .io(let error): outcome.end = "io: \(error)"
            }
        } catch {
            outcome.end = "error: \(error)"
        }
        return outcome
    }

    /// Runs the liblz4 reference over the file at `path` to its end.
    static func referenceOutcome(_ path: String) -> Outcome {
        var outcome = Outcome()
        do {
            let decoder = try LibLZ4FrameDecoder(path: path)
            while true {
                if case .endOfFile = try decoder.step(into: &outcome.bytes) {
                    outcome.end = "complete"
                    break
                }
            }
        } catch let stop as LibLZ4FrameDecoder.Stop {
            switch stop {
            case .truncated(let offset): outcome.end = "truncated at \(offset)"
            case .damaged(let offset, let reason): outcome.end = "damaged at \(offset): \(reason)"
            case .notLZ4(let reason): outcome.end = "not LZ4: \(reason)"
            case .io(let error): outcome.end = "io: \(error)"
            }
        } catch {
            outcome.end = "error: \(error)"
        }
        return outcome
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The offsets where the units of a file of LZ4 frames start (frame headers, blocks, end
    /// marks, skippable frames), for a well-formed file.
    static func unitOffsets(_ bytes: [UInt8]) -> [Int] {
        func u32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
        }
        var units: [Int] = []
        var offset = 0
        while offset + 4 <= bytes.count {
            units.append(offset)
            let magic = u32(offset)
            if magic & 0xFFFF_FFF0 == 0x184D_2A50 {
                offset += 8 + Int(u32(offset + 4))
                continue
            }
            let flags = bytes[offset + 4]
            let blockChecksum = flags & 0x10 != 0
            let contentChecksum = flags & 0x04 != 0
            offset += 7 + (flags & 0x08 != 0 ? 8 : 0) + (flags & 0x01 != 0 ? 4 : 0)
            while true {
                units.append(offset)
                let size = u32(offset)
                if size == 0 {
                    offset += 4 + (contentChecksum ? 4 : 0)
                    break
                }
                offset += 4 + Int(size & 0x7FFF_FFFF) + (blockChecksum ? 4 : 0)
            }
        }
        return units
    }

    /// The stored (uncompressed) blocks' count in a well-formed file.
    static func storedBlockCount(_ bytes: [UInt8]) -> Int {
        // Frame headers (magic byte 3 is 0x18) and end marks (0) never have the high bit set.
        unitOffsets(bytes).filter { bytes[$0 + 3] & 0x80 != 0 }.count
    }
}
