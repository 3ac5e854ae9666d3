/// A cursor over the bytes of one JSON document: the tokenizer the typed decoders drive.
///
/// It never copies the input and builds nothing but the values asked for (Strings, Ints...).
/// Every read first skips whitespace, checks the next byte and throws a `ProtocolError` at the
/// exact byte offset when the input is not what the caller expects. Offsets are absolute in the
/// buffer given to `init`, also when a sub-range (a remembered `message`) is decoded later.
///
/// Offsets never exceed the buffer's size, so the hot paths move the cursor with wrapping
/// operators (`&+`): they cannot overflow, and the checked `+` costs a test and a branch each.
struct JSONReader {
    /// Containers deeper than this are rejected, so hostile input cannot exhaust the stack.
    static let maxDepth = 512

    let base: UnsafeRawPointer
    /// One past the last readable byte.
    let end: Int
    /// The next byte to read.
    var pos: Int
    /// Nesting of containers being skipped or parsed generically.
    var depth = 0
    /// The last member name `readField` did not find in its `JSONFieldNames`, for errors.
    var unknownKey: JSONKey? = nil
    /// `SmallASCIIString.isAvailable`, read once per document rather than once per string.
    let smallStrings = SmallASCIIString.isAvailable
    /// This thread's `RecentStrings`, looked up on first use: a `playerObject` has dozens of
    /// long strings and lists, and each thread-local lookup costs a `pthread_getspecific`.
    private var recentStrings: Unmanaged<RecentStrings>? = nil

    init(_ bytes: UnsafeRawBufferPointer) {
        // An empty buffer has no base address; nothing is ever read from it since `end` is 0.
        base = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 0x10)!
        end = bytes.count
        pos = 0
    }

    /// The byte at `index`, or 0 past the end. A real 0 byte is invalid everywhere in JSON
    /// (outside strings it is not a token, inside strings control bytes must be escaped), so
    /// 0 can stand for "no more input" without ambiguity in the token switch.
    @inline(__always)
    func byte(at index: Int) -> UInt8 {
        index < end ? base.load(fromByteOffset: index, as: UInt8.self) : 0
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while pos < end {
            let b = base.load(fromByteOffset: pos, as: UInt8.self)
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            pos &+= 1
        }
    }

    /// Skips whitespace and returns the next byte (0 at the end) without consuming it.
    @inline(__always)
    mutating func peek() -> UInt8 {
        skipWhitespace()
        return byte(at: pos)
    }

    /// This thread's `RecentStrings` table (see `recentStrings`).
    @inline(__always)
    mutating func recent() -> Unmanaged<RecentStrings> {
        if let recentStrings { return recentStrings }
        let table = RecentStrings.current
        recentStrings = table
        return table
    }

    // MARK: Errors

    /// An error at the current position; `found` is worked out from the byte there.
    @inline(never)
    func failure(expected: String) -> ProtocolError {
        failure(expected: expected, at: pos)
    }

    @inline(never)
    func failure(expected: String, at offset: Int) -> ProtocolError {
        ProtocolError(offset: offset, expected: expected, found: describeToken(at: offset))
    }

    /// A short name for what starts at `offset`: the kind of value, or the byte itself.
    func describeToken(at offset: Int) -> String {
        guard offset < end else { return "end of input" }
        let b = byte(at: offset)
        switch b {
        case UInt8(ascii: "\""): return "string"
        case UInt8(ascii: "{"): return "object"
        case UInt8(ascii: "["): return "array"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "number"
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return matchesLiteral("true", at: offset) || matchesLiteral("false", at: offset)
                ? "boolean" : "'\(Character(Unicode.Scalar(b)))'"
        case UInt8(ascii: "n"):
            return matchesLiteral("null", at: offset) ? "null" : "'n'"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(b)))'"
        default:
            let hex = String(b, radix: 16, uppercase: true)
            return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
        }
    }

    func matchesLiteral(_ literal: StaticString, at offset: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard offset + count <= end else { return false }
        let bytes = literal.utf8Start
        for i in 0..<count where base.load(fromByteOffset: offset + i, as: UInt8.self) != bytes[i] {
            return false
        }
        return true
    }

    // MARK: Containers

    /// Consumes `{` and reports whether a member follows (false after an empty `{}`).
    @inline(__always)
    mutating func beginObject() throws(ProtocolError) -> Bool {
        guard peek() == UInt8(ascii: "{") else { throw failure(expected: "object") }
        pos &+= 1
        if peek() == UInt8(ascii: "}") {
            pos &+= 1
            return false
        }
        return true
    }

    /// After a member's value: consumes `,` (true, another member follows) or `}` (false).
    @inline(__always)
    mutating func nextMember() throws(ProtocolError) -> Bool {
        let b = peek()
        if b == UInt8(ascii: ",") {
            pos &+= 1
            skipWhitespace()
            return true
        }
        if b == UInt8(ascii: "}") {
            pos &+= 1
            return false
        }
        throw failure(expected: "',' or '}'")
    }

    /// Consumes `[` and reports whether an element follows (false after an empty `[]`).
    @inline(__always)
    mutating func beginArray() throws(ProtocolError) -> Bool {
        guard peek() == UInt8(ascii: "[") else { throw failure(expected: "array") }
        pos &+= 1
        if peek() == UInt8(ascii: "]") {
            pos &+= 1
            return false
        }
        return true
    }

    /// After an element: consumes `,` (true, another element follows) or `]` (false).
    @inline(__always)
    mutating func nextElement() throws(ProtocolError) -> Bool {
        let b = peek()
        if b == UInt8(ascii: ",") {
            pos &+= 1
            return true
        }
        if b == UInt8(ascii: "]") {
            pos &+= 1
            return false
        }
        throw failure(expected: "',' or ']'")
    }

    // MARK: Literals

    /// Consumes `null` if it comes next; used for optional fields, where null means absent.
    @inline(__always)
    mutating func consumeNull() throws(ProtocolError) -> Bool {
        skipWhitespace()
        return try consumeNullHere()
    }

    /// `consumeNull` with the whitespace before the value already skipped.
    @inline(__always)
    mutating func consumeNullHere() throws(ProtocolError) -> Bool {
        guard byte(at: pos) == UInt8(ascii: "n") else { return false }
        guard matchesLiteral("null", at: pos) else { throw failure(expected: "null") }
        pos &+= 4
        return true
    }

    @inline(__always)
    mutating func readBool() throws(ProtocolError) -> Bool {
        let b = peek()
        if b == UInt8(ascii: "t"), matchesLiteral("true", at: pos) {
            pos += 4
            return true
        }
        if b == UInt8(ascii: "f"), matchesLiteral("false", at: pos) {
            pos += 5
            return false
        }
        throw failure(expected: "boolean")
    }

    /// Checks that only whitespace is left: one document per buffer.
    mutating func expectEnd() throws(ProtocolError) {
        skipWhitespace()
        guard pos == end else { throw failure(expected: "end of input") }
    }
}
