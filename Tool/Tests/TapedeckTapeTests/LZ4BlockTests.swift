import CLZ4
import TestSupport
import Testing

@testable import TapedeckTape

/// `LZ4Block` against liblz4's block functions, and on hostile input.
@Suite(.cpuBound) struct LZ4BlockTests {
    /// Bytes after the decoder's limit that must stay untouched.
    private static let guardSize = 64
    private static let guardByte: UInt8 = 0xA5

    /// Decodes `block` into a buffer of `limit` bytes (after `history` bytes of earlier output)
    /// followed by a guard zone; returns the count and the output, and checks the guard.
    private func decode(
        _ block: [UInt8], limit: Int, history: [UInt8] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (count: Int?, output: [UInt8]) {
        var buffer = history + [UInt8](repeating: 0, count: limit) + [UInt8](repeating: Self.guardByte, count: Self.guardSize)
        let end = history.count + limit
        let count = block.withUnsafeBytes { source in
            buffer.withUnsafeMutableBytes { destination in
                LZ4Block.decompress(source, into: destination, at: history.count, limit: end, historyStart: 0)
            }
        }
        #expect(buffer[end...].allSatisfy { $0 == Self.guardByte }, "wrote past the limit", sourceLocation: sourceLocation)
        return (count, Array(buffer[history.count..<history.count + (count ?? 0)]))
    }

    /// Block compression by liblz4: fast at `-level` acceleration when negative, the default at
    /// 0, HC at that level when positive. Its state is on the heap (HC's is too big for a test
    /// thread's stack).
    private func compress(_ data: [UInt8], level: Int32) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(LZ4_compressBound(Int32(data.count))))
        let state = UnsafeMutableRawPointer.allocate(byteCount: Int(max(LZ4_sizeofState(), LZ4_sizeofStateHC())), alignment: 64)
        defer { state.deallocate() }
        let size = data.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                let from = source.baseAddress?.assumingMemoryBound(to: CChar.self)
                let to = destination.baseAddress!.assumingMemoryBound(to: CChar.self)
                return level <= 0
                    ? LZ4_compress_fast_extState(state, from, to, Int32(data.count), Int32(destination.count), max(1, -level))
                    : LZ4_compress_HC_extStateHC(state, from, to, Int32(data.count), Int32(destination.count), level)
            }
        }
        precondition(size > 0)
        return Array(output.prefix(Int(size)))
    }

    private func referenceDecode(_ block: [UInt8], limit: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: max(limit, 1))
        let count = block.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                LZ4_decompress_safe(
                    source.baseAddress?.assumingMemoryBound(to: CChar.self),
                    destination.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(block.count), Int32(limit))
            }
        }
        return count < 0 ? nil : Array(output.prefix(Int(count)))
    }

    @Test(arguments: LZ4TestSupport.Texture.allCases)
    func decodesWhatLibLZ4Compressed(texture: LZ4TestSupport.Texture) {
        var seed: UInt64 = 100
        for count in [0, 1, 4, 5, 12, 13, 15, 16, 17, 19, 31, 32, 33, 64, 100, 255, 256, 1000, 4096, 65_535, 65_536, 150_000] {
            for level: Int32 in [0, -8, 9] {
                seed += 1
                let data = LZ4TestSupport.data(count, texture, seed: seed)
                let block = compress(data, level: level)
                for slack in [0, 1, 7, 15, 16, 100] {
                    let (decoded, output) = decode(block, limit: count + slack)
                    #expect(decoded == count, "\(count) bytes of \(texture), level \(level), slack \(slack)")
                    #expect(output == data, "\(count) bytes of \(texture), level \(level), slack \(slack)")
                }
                if count > 0 {
                    #expect(decode(block, limit: count - 1).count == nil, "one byte too little room must fail")
                }
            }
        }
    }

    @Test func matchesReachIntoTheHistoryAndNoFurther() {
        // "abcdefgh" then a block that is one match of 8 bytes at offset 8: only valid with history.
        let history = Array("abcdefgh".utf8)
        let block: [UInt8] = [0x04, 8, 0, 0x50] + Array("tail!".utf8)
        let (count, output) = decode(block, limit: 100, history: history)
        #expect(count == 13)
        #expect(output == Array("abcdefghtail!".utf8))
        #expect(decode(block, limit: 100).count == nil, "the same block without history reaches before the buffer")
        // Offset 9 reaches one byte before the history.
        #expect(decode([0x04, 9, 0, 0x50] + Array("tail!".utf8), limit: 100, history: history).count == nil)
    }

    @Test func overlappingMatchesRepeatTheirPattern() {
        for offset in 1...20 {
            for length in [4, 5, 7, 8, 9, 15, 16, 17, 18, 19, 40, 100, 1000] {
                var data = (0..<offset).map { UInt8(65 + $0) }
                for index in 0..<length { data.append(data[index]) }
                data += Array("12345".utf8)
                // Literals (offset bytes), one match, five closing literals.
                var block: [UInt8] = []
                let matchCode = min(length - 4, 15)
                block.append(UInt8(min(offset, 15) << 4 | matchCode))
                if offset >= 15 { block.append(UInt8(offset - 15)) }
                block += data.prefix(offset)
                block += [UInt8(offset), 0]
                if length - 4 >= 15 {
                    var rest = length - 4 - 15
                    while rest >= 255 {
                        block.append(255)
                        rest -= 255
                    }
                    block.append(UInt8(rest))
                }
                block += [0x50] + Array("12345".utf8)
                for slack in [0, 3, 16, 40] {
                    let (count, output) = decode(block, limit: data.count + slack)
                    #expect(count == data.count && output == data, "offset \(offset), length \(length), slack \(slack)")
                }
                // liblz4 wants the last match to start 12 bytes before the end, as the format says
                // compressors must (this decoder does not insist).
                if length >= 7 { #expect(referenceDecode(block, limit: data.count) == data) }
            }
        }
    }

    @Test func hostileBlocksAreRefused() {
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("offset 0", [0x10, 0x41, 0x00, 0x00, 0x50, 1, 2, 3, 4, 5]),
            ("offset past the start", [0x10, 0x41, 0x02, 0x00, 0x50, 1, 2, 3, 4, 5]),
            ("offset far past the start", [0x10, 0x41, 0xFF, 0xFF, 0x50, 1, 2, 3, 4, 5]),
            ("literals past the input", [0x50, 1, 2, 3]),
            ("literal length field runs off the end", [0xF0, 0xFF, 0xFF]),
            ("huge literal length", [0xF0] + [UInt8](repeating: 0xFF, count: 300) + [0x00, 1, 2]),
            ("input ends inside the offset", [0x10, 0x41, 0x01]),
            ("input ends after a match", [0x10, 0x41, 0x01, 0x00]),
            ("match length field runs off the end", [0x1F, 0x41, 0x01, 0x00, 0xFF, 0xFF]),
            ("match past the output", [0x1F, 0x41, 0x01, 0x00, 0xFF, 0xFF, 0x10, 0x00, 0x00]),
            ("literals past the output", [0xF0, 0xFF, 0x10] + [UInt8](repeating: 7, count: 270)),
        ]
        for (name, block) in cases {
            #expect(decode(block, limit: 256).count == nil, "\(name)")
        }
    }

    @Test func randomBytesNeverCrashAndAgreeWhenBothAccept() {
        var generator = LZ4TestSupport.Generator(state: 42)
        var accepted = 0
        for round in 0..<20_000 {
            let count = generator.next(below: 80)
            var block = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            // Small literal lengths and offsets make sequences that go further before failing.
            if round % 2 == 0 {
                for index in stride(from: 0, to: count, by: 7) { block[index] &= 0x3F }
            }
            let (decoded, output) = decode(block, limit: 200)
            if let decoded {
                accepted += 1
                if let reference = referenceDecode(block, limit: 200) {
                    #expect(reference.count == decoded && reference == output, "block \(block)")
                }
            }
        }
        #expect(accepted > 100)
    }

    @Test func damagedBlocksNeverCrashOrWritePastTheLimit() {
        var generator = LZ4TestSupport.Generator(state: 7)
        for texture in LZ4TestSupport.Texture.allCases {
            let data = LZ4TestSupport.data(3000, texture, seed: 9)
            let block = compress(data, level: 0)
            for _ in 0..<400 {
                var damaged = block
                for _ in 0..<(1 + generator.next(below: 3)) {
                    damaged[generator.next(below: damaged.count)] ^= UInt8(1 + generator.next(below: 255))
                }
                if generator.next(below: 4) == 0 { damaged.removeLast(generator.next(below: min(10, damaged.count))) }
                let (count, output) = decode(damaged, limit: data.count)
                if let count, let reference = referenceDecode(damaged, limit: data.count) {
                    #expect(reference.count == count && reference == output)
                }
            }
        }
    }
}
