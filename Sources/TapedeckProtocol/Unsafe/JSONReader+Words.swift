/// The reader's loads of several input bytes at once: whole words compared or scanned instead of
/// one byte at a time. Each one is in bounds only because its caller checked the input's length
/// first, so each states that condition and asserts it (debug builds, the tests, `make sanitize`
/// and `make fuzz`); release builds keep the single length check their callers already make.
extension JSONReader {
    /// The 8 bytes at `offset` as a little-endian word; `offset + 8 <= end`.
    @inline(__always)
    func word(at offset: Int) -> UInt64 {
        assert(offset >= 0 && offset &+ 8 <= end, "word at \(offset) of \(end) bytes")
        return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The 4 bytes at `offset` as a little-endian word; `offset + 4 <= end`.
    @inline(__always)
    func word32(at offset: Int) -> UInt32 {
        assert(offset >= 0 && offset &+ 4 <= end, "word32 at \(offset) of \(end) bytes")
        return UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The 24 bytes at `offset` as three little-endian words (a member name `,"name":` for
    /// `JSONFieldNames.matchLength`); `offset + 24 <= end`.
    @inline(__always)
    func words24(at offset: Int) -> (UInt64, UInt64, UInt64) {
        assert(offset >= 0 && offset &+ 24 <= end, "24 bytes at \(offset) of \(end)")
        return (word(at: offset), word(at: offset &+ 8), word(at: offset &+ 16))
    }

    /// The 24 bytes from `offset` (`0 <= offset <= end`) as three little-endian words, zero past
    /// the end of the input: near the end, the input's last 24 bytes shifted down, so nothing
    /// past `end` is read.
    @inline(__always)
    func window(at offset: Int) -> (UInt64, UInt64, UInt64) {
        assert(offset >= 0 && offset <= end, "window at \(offset) of \(end) bytes")
        if offset + 24 <= end { return words24(at: offset) }
        guard end >= 24 else {
            var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
            withUnsafeMutableBytes(of: &words) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: base + offset, count: end - offset))
            }
            return (UInt64(littleEndian: words.0), UInt64(littleEndian: words.1), UInt64(littleEndian: words.2))
        }
        let drop = offset + 24 - end
        var (a, b, c) = words24(at: end - 24)
        switch drop / 8 {
        case 0: break
        case 1: (a, b, c) = (b, c, 0)
        case 2: (a, b, c) = (c, 0, 0)
        default: return (0, 0, 0)
        }
        let bits = UInt64(drop % 8) * 8
        guard bits != 0 else { return (a, b, c) }
        return ((a >> bits) | (b << (64 - bits)), (b >> bits) | (c << (64 - bits)), c >> bits)
    }

    /// The length of the string whose opening quote is at `quote` when it is 0 to 15 bytes with
    /// no escape, control or non-ASCII byte and 16 bytes can be read after the quote; else nil.
    @inline(__always)
    func shortPlainLength(quote: Int) -> Int? {
        guard quote &+ 17 <= end else { return nil }
        let low = Self.specialBytes(word(at: quote &+ 1))
        let count: Int
        if low != 0 {
            count = low.trailingZeroBitCount >> 3
        } else {
            let high = Self.specialBytes(word(at: quote &+ 9))
            guard high != 0 else { return nil }
            count = 8 &+ high.trailingZeroBitCount >> 3
        }
        // The first special byte must be the closing quote (a 16th byte would need a third word).
        guard count < 16, base.load(fromByteOffset: quote &+ 1 &+ count, as: UInt8.self) == UInt8(ascii: "\"") else { return nil }
        return count
    }
}

extension JSONKey {
    /// Compares `count` bytes at `a` and `b` a word at a time (the last word may overlap the one
    /// before it); `count` bytes must be readable at both.
    @inline(__always)
    static func equalBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
        assert(count >= 0, "a negative count")
        if count >= 8 {
            var i = 0
            while i &+ 8 <= count {
                guard a.loadUnaligned(fromByteOffset: i, as: UInt64.self) == b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                else { return false }
                i &+= 8
            }
            return i == count
                || a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                    == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
        if count >= 4 {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        if count >= 2 {
            return a.loadUnaligned(as: UInt16.self) == b.loadUnaligned(as: UInt16.self)
                && a.load(fromByteOffset: count - 1, as: UInt8.self) == b.load(fromByteOffset: count - 1, as: UInt8.self)
        }
        return count == 0 || a.load(as: UInt8.self) == b.load(as: UInt8.self)
    }
}
