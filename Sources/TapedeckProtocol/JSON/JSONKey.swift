/// An object member's name as it sits in the input: compared byte by byte against the field
/// names a decoder knows, so matching a key never creates a String. Names written with escapes
/// (rare) are unescaped once into `unescaped`.
struct JSONKey {
    let start: UnsafeRawPointer
    /// Length in bytes of the (unescaped) name.
    let count: Int
    /// Byte offset of the opening quote, for errors.
    let offset: Int
    let unescaped: String?

    @inline(__always)
    static func == (key: JSONKey, name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount else { return false }
        if let unescaped = key.unescaped {
            return unescaped == name.description
        }
        let bytes = name.utf8Start
        var i = 0
        while i < key.count {
            guard key.start.load(fromByteOffset: i, as: UInt8.self) == bytes[i] else { return false }
            i += 1
        }
        return true
    }

    /// The name as text, for error paths and generic parsing.
    var string: String {
        unescaped ?? String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    }
}
