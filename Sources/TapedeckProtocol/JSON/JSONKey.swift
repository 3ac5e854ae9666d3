/// An object member's name as it sits in the input: compared byte by byte against the field
/// names a decoder knows, so matching a key never creates a String. A plain value (no
/// reference counting), so reading keys costs no retain/release. Names written with escapes are
/// rare; they are unescaped only when compared or printed.
struct JSONKey {
    /// First byte after the opening quote.
    let start: UnsafeRawPointer
    /// Length in bytes of the name as written (escapes included).
    let count: Int
    /// Byte offset of the opening quote, for errors.
    let offset: Int
    let hasEscapes: Bool

    @inline(__always)
    static func == (key: JSONKey, name: StaticString) -> Bool {
        if key.hasEscapes {
            return key.unescapedBytes.elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
        guard key.count == name.utf8CodeUnitCount else { return false }
        return equalBytes(key.start, UnsafeRawPointer(name.utf8Start), key.count)
    }

    /// The length of the name once unescaped: what decoders switch on before comparing bytes,
    /// so a field is found with one jump and one or two comparisons rather than a chain of them.
    @inline(__always)
    var dispatchCount: Int {
        hasEscapes ? unescapedBytes.count : count
    }

    /// The name's bytes with escapes resolved (the scanner has already checked them).
    var unescapedBytes: [UInt8] {
        guard hasEscapes else { return Array(UnsafeRawBufferPointer(start: start, count: count)) }
        // readKey has already checked the escapes (surrogates included), so this cannot fail.
        return (try? JSONReader.unescape(UnsafeRawBufferPointer(start: start, count: count), offset: offset + 1)) ?? []
    }

    /// The name as text, for error paths and generic parsing.
    var string: String {
        String(decoding: unescapedBytes, as: UTF8.self)
    }
}
