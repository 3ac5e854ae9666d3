/// The one check of the standard library's small-string layout, which `SmallASCIIString` (the
/// decoder builds short strings from their bytes) and TapedeckState's `DuplicateFinder` (compares
/// short ids as two words) both rely on: on 64-bit little-endian platforms a String of 0 to 15
/// ASCII bytes is stored inline in its two words, the bytes in order, zero after them, then a
/// top byte of 0xE0 | count (immortal, small, ASCII). No other String has 0xE in the top nibble.
///
/// The layout is not API, so it is probed once at run time against Strings the standard library
/// builds itself; when anything differs, `isKnown` is false and both callers take their ordinary
/// paths, so a different standard library only loses speed, never gives another answer.
package enum SmallStringLayout {
    package static let isKnown: Bool = {
        #if _pointerBitWidth(_64) && _endian(little)
        // Every length, and bytes from both ends of ASCII.
        let samples = ["a", "e1", "e123", "happy", "2025-01-0", "p12345678", "abcdefghijklmno", "-_.:/ ~{}", "\u{1}\u{7F}"]
        for sample in samples {
            let bytes = Array(sample.utf8)
            var expected = SIMD2<UInt64>(0, (0xE0 | UInt64(bytes.count)) << 56)
            for (index, byte) in bytes.enumerated() {
                expected[index >> 3] |= UInt64(byte) << UInt64((index & 7) << 3)
            }
            guard words(sample) == expected else { return false }
        }
        // Not small ASCII: a small non-ASCII string and a native (heap) string of 3 bytes.
        var native = String(repeating: "y", count: 40)
        native.removeLast(37)
        return words("\u{E9}").y >> 60 != 0xE && words(native).y >> 60 != 0xE && native == "yyy"
        #else
        return false
        #endif
    }()

    /// The two words of any String (only meaningful when `isKnown`).
    @inline(__always)
    package static func words(_ text: String) -> SIMD2<UInt64> {
        #if _pointerBitWidth(_64)
        return unsafeBitCast(text, to: SIMD2<UInt64>.self)
        #else
        fatalError("SmallStringLayout is only used on 64-bit platforms")
        #endif
    }

    /// The two words of `text` when it is a small ASCII string, else nil. Two small ASCII
    /// strings are equal exactly when their words are. Only call when `isKnown`. TapedeckState's
    /// per-id checks use their own inlined copy (`inlinedASCIIWords`): this call across modules
    /// was not inlined there.
    @inline(__always)
    package static func asciiWords(_ text: String) -> SIMD2<UInt64>? {
        let words = words(text)
        // Top nibble of the second word: 0xE = immortal, small, ASCII.
        return words.y >> 60 == 0xE ? words : nil
    }

    /// The small ASCII String whose bytes are `low` then `high` (zero past `count`), `count`
    /// 1...15 and every byte ASCII. Only call when `isKnown`.
    @inline(__always)
    static func string(low: UInt64, high: UInt64, count: Int) -> String {
        assert(isKnown, "SmallStringLayout.string without the layout check")
        assert((1...15).contains(count), "a small string holds 1 to 15 bytes, not \(count)")
        assert((low | high) & 0x8080_8080_8080_8080 == 0, "a small ASCII string's bytes are below 0x80")
        assert(
            count >= 8 ? high >> ((count - 8) << 3) == 0 : high == 0 && low >> (count << 3) == 0,
            "the words are zero past the string's bytes")
        #if _pointerBitWidth(_64)
        return unsafeBitCast(SIMD2<UInt64>(low, high | (0xE0 | UInt64(count)) << 56), to: String.self)
        #else
        fatalError("SmallStringLayout is only used on 64-bit platforms")
        #endif
    }
}
