/// LZ4 block compression in Swift (https://github.com/lz4/lz4/blob/dev/doc/lz4_Block_format.md),
/// the greedy single-probe search of liblz4's default `LZ4_compress_fast` (acceleration 1) for
/// blocks of at most 64 KiB: a 13-bit hash of the next four bytes finds the last position that
/// had them; a miss moves on by a step that grows with consecutive misses, so incompressible input
/// is skipped quickly. Each block is independent (no match reaches before its start), as the tape
/// format's frames declare. `LZ4Block` decodes what this writes; `LZ4FrameEncoder` frames it.
///
/// Reuses its hash table between blocks; one compressor per thread.
struct LZ4BlockCompressor {
    static let maxInputSize = 64 * 1024
    private static let hashLog = 13
    private static let minMatch = 4
    /// The last match must start at least 12 bytes before the end, and the last 5 bytes are literals.
    private static let matchFindLimit = 12
    private static let lastLiterals = 5
    private static let skipTrigger = 6

    /// Positions (within the current block) by hash of the four bytes there.
    private var table = [UInt16](repeating: 0, count: 1 << hashLog)

    /// The largest output `compress` may write for `count` input bytes.
    static func bound(_ count: Int) -> Int { count + count / 255 + 16 }

    /// Compresses `input` (at most 64 KiB) into `output`, which holds at least `bound(input.count)`
    /// bytes. Returns the compressed size, or nil when it is not smaller than the input (the
    /// caller then stores the block uncompressed, as the frame format allows).
    mutating func compress(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer) -> Int? {
        precondition(input.count <= Self.maxInputSize, "an LZ4 block of the tape format holds at most 64 KiB")
        let count = input.count
        guard count > 0, let source = input.baseAddress else { return nil }
        var out = 0
        var anchor = 0
        if count >= Self.matchFindLimit + 1 {
            table.withUnsafeMutableBufferPointer { table in
                table.update(repeating: 0)
                let table = table.baseAddress!
                let matchStartLimit = count - Self.matchFindLimit
                let matchEndLimit = count - Self.lastLiterals
                var position = 1
                table[Self.hash(source, 0)] = 0
                search: while true {
                    // Find a match: probe forwards, stepping further after every miss.
                    var candidate = 0
                    var attempts = 1 << Self.skipTrigger
                    while true {
                        guard position <= matchStartLimit else { break search }
                        let hash = Self.hash(source, position)
                        candidate = Int(table[hash])
                        table[hash] = UInt16(truncatingIfNeeded: position)
                        if candidate < position, Self.load32(source, candidate) == Self.load32(source, position) { break }
                        position &+= attempts >> Self.skipTrigger
                        attempts &+= 1
                    }
                    // Extend backwards over equal bytes the probe stepped past.
                    while position > anchor, candidate > 0,
                        source.load(fromByteOffset: position - 1, as: UInt8.self)
                            == source.load(fromByteOffset: candidate - 1, as: UInt8.self)
                    {
                        position -= 1
                        candidate -= 1
                    }
                    // Emit the match, and again at once while the next position matches too.
                    while true {
                        let length = Self.matchLength(source, position + Self.minMatch, candidate + Self.minMatch, matchEndLimit)
                        out = Self.emitSequence(
                            source, literalsFrom: anchor, to: position,
                            offset: position - candidate, matchLength: length, output: output, at: out)
                        position += Self.minMatch + length
                        anchor = position
                        guard position <= matchStartLimit else { break search }
                        table[Self.hash(source, position - 2)] = UInt16(truncatingIfNeeded: position - 2)
                        let hash = Self.hash(source, position)
                        candidate = Int(table[hash])
                        table[hash] = UInt16(truncatingIfNeeded: position)
                        guard candidate < position, Self.load32(source, candidate) == Self.load32(source, position) else { break }
                    }
                    position += 1
                }
            }
        }
        out = Self.emitLiterals(source, from: anchor, to: count, output: output, at: out)
        return out < count ? out : nil
    }

    @inline(__always)
    private static func load32(_ base: UnsafeRawPointer, _ offset: Int) -> UInt32 {
        base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }

    @inline(__always)
    private static func hash(_ base: UnsafeRawPointer, _ offset: Int) -> Int {
        Int((UInt32(littleEndian: load32(base, offset)) &* 2_654_435_761) >> UInt32(32 - hashLog))
    }

    /// How many more bytes match after the first four, without passing `limit`.
    @inline(__always)
    private static func matchLength(_ base: UnsafeRawPointer, _ from: Int, _ earlier: Int, _ limit: Int) -> Int {
        var at = from
        var back = earlier
        while at + 8 <= limit {
            let difference =
                base.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                ^ base.loadUnaligned(fromByteOffset: back, as: UInt64.self)
            if difference != 0 { return at - from + UInt64(littleEndian: difference).trailingZeroBitCount / 8 }
            at += 8
            back += 8
        }
        while at < limit, base.load(fromByteOffset: at, as: UInt8.self) == base.load(fromByteOffset: back, as: UInt8.self) {
            at += 1
            back += 1
        }
        return at - from
    }

    /// Writes the part of a length above 15 (or 255 steps of it) as the format's extra bytes.
    @inline(__always)
    private static func emitLengthExtension(_ length: Int, _ output: UnsafeMutableRawPointer, _ at: inout Int) {
        var rest = length
        while rest >= 255 {
            output.storeBytes(of: 255, toByteOffset: at, as: UInt8.self)
            at += 1
            rest -= 255
        }
        output.storeBytes(of: UInt8(rest), toByteOffset: at, as: UInt8.self)
        at += 1
    }

    /// One sequence: token, literal length, literals, offset, match length (minus the minimum 4).
    @inline(__always)
    private static func emitSequence(
        _ source: UnsafeRawPointer, literalsFrom start: Int, to end: Int, offset: Int,
        matchLength: Int, output: UnsafeMutableRawPointer, at: Int
    ) -> Int {
        let literalCount = end - start
        var cursor = at + 1
        let token = UInt8(min(literalCount, 15) << 4 | min(matchLength, 15))
        output.storeBytes(of: token, toByteOffset: at, as: UInt8.self)
        if literalCount >= 15 { emitLengthExtension(literalCount - 15, output, &cursor) }
        (output + cursor).copyMemory(from: source + start, byteCount: literalCount)
        cursor += literalCount
        output.storeBytes(of: UInt16(offset).littleEndian, toByteOffset: cursor, as: UInt16.self)
        cursor += 2
        if matchLength >= 15 { emitLengthExtension(matchLength - 15, output, &cursor) }
        return cursor
    }

    /// The closing sequence: literals only.
    private static func emitLiterals(
        _ source: UnsafeRawPointer, from start: Int, to end: Int,
        output: UnsafeMutableRawPointer, at: Int
    ) -> Int {
        let literalCount = end - start
        var cursor = at + 1
        output.storeBytes(of: UInt8(min(literalCount, 15) << 4), toByteOffset: at, as: UInt8.self)
        if literalCount >= 15 { emitLengthExtension(literalCount - 15, output, &cursor) }
        (output + cursor).copyMemory(from: source + start, byteCount: literalCount)
        return cursor + literalCount
    }
}
