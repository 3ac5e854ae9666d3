/// Makes Strings of 1 to 15 ASCII bytes without the standard library's UTF-8 validation: the
/// scanner has already seen every byte, and most protocol strings (ids, names, moods, dates,
/// kinds) are that short. Such a String is stored inline in its two words (no allocation), and
/// those words are a function of the bytes alone (`SmallStringLayout`, checked once at run time;
/// when the check fails `isAvailable` is false and callers take the ordinary
/// `String(decoding:as:)` path, so the answer never depends on it).
enum SmallASCIIString {
    static var isAvailable: Bool { SmallStringLayout.isKnown }

    /// The String of `count` (1...15) ASCII bytes at `start`, where `readable` bytes (at least
    /// `count`) may be read. Only valid when `isAvailable`.
    @inline(__always)
    static func make(_ start: UnsafeRawPointer, count: Int, readable: Int) -> String {
        let (low, high) = words(start, count: count, readable: readable)
        return SmallStringLayout.string(low: low, high: high, count: count)
    }

    /// The `count` (0...15) bytes at `start` as two little-endian words, zero past `count`, where
    /// `readable` bytes (at least `count`) may be read: whole words are loaded when the buffer
    /// allows and masked to `count`. Also how `WireEnumNames` packs the values it matches.
    @inline(__always)
    static func words(_ start: UnsafeRawPointer, count: Int, readable: Int) -> (low: UInt64, high: UInt64) {
        assert((0...15).contains(count) && readable >= count, "\(count) bytes of \(readable) readable")
        var low: UInt64
        var high: UInt64 = 0
        if count >= 8 {
            low = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))
            if readable >= 16 {
                let rest = UInt64(littleEndian: start.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                high = rest & ((1 &<< UInt64((count - 8) << 3)) &- 1)
            } else {
                for i in 8..<count { high |= UInt64(start.load(fromByteOffset: i, as: UInt8.self)) << ((i - 8) << 3) }
            }
        } else if readable >= 8 {
            low = UInt64(littleEndian: start.loadUnaligned(as: UInt64.self)) & ((1 &<< UInt64(count << 3)) &- 1)
        } else {
            low = 0
            for i in 0..<count { low |= UInt64(start.load(fromByteOffset: i, as: UInt8.self)) << (i << 3) }
        }
        return (low, high)
    }

    /// `make` reading only the `count` bytes.
    static func make(_ start: UnsafeRawPointer, count: Int) -> String {
        make(start, count: count, readable: count)
    }
}
