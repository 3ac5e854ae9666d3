/// The strict JSON parser (RFC 8259) of everything outside the protocol's hot path: JSON Lines,
/// tape metadata, HAR files. It reports the byte offset of the first problem; callers turn that
/// into line:column. The byte-level steps are `JSONScanner`'s.
public struct JSONParser {
    public struct Failure: Error, Sendable, Equatable {
        public var offset: Int
        public var message: String

        public init(offset: Int, message: String) {
            self.offset = offset
            self.message = message
        }
    }

    private var scanner: JSONScanner
    private var bytes: UnsafeRawBufferPointer { scanner.bytes }
    private var position: Int {
        get { scanner.position }
        set { scanner.position = newValue }
    }
    /// Deep nesting is refused rather than risking the stack.
    private static let maxDepth = 64

    private init(_ bytes: UnsafeRawBufferPointer) { scanner = JSONScanner(bytes) }

    /// Parses exactly one JSON value, allowing whitespace around it.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONNode {
        try bytes.withUnsafeBytes { raw in Result { () throws(Failure) in try parse(raw) } }.get()
    }

    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> JSONNode {
        var parser = JSONParser(bytes)
        parser.scanner.skipWhitespace()
        let node = try parser.parseValue(depth: 0)
        parser.scanner.skipWhitespace()
        guard parser.scanner.isAtEnd else {
            throw Failure(offset: parser.position, message: "unexpected text after the JSON value")
        }
        return node
    }

    private func fail(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? position, message: message)
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONNode {
        guard depth < Self.maxDepth else { throw fail("nesting deeper than \(Self.maxDepth) levels") }
        guard position < bytes.count else { throw fail("expected a value, found the end of the line") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"): return JSONNode(value: try parseObject(depth: depth), offset: start)
        case UInt8(ascii: "["): return JSONNode(value: try parseArray(depth: depth), offset: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), offset: start)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), offset: start)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), offset: start)
        default:
            throw fail("expected a JSON value")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(Failure) {
        let utf8 = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard position + utf8.count <= bytes.count, bytes[position..<position + utf8.count].elementsEqual(utf8) else {
            throw fail("expected \(word)")
        }
        position += utf8.count
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONNode.Value {
        position += 1
        var members: [(key: String, value: JSONNode)] = []
        scanner.skipWhitespace()
        if scanner.peek(UInt8(ascii: "}")) { position += 1; return .object(members) }
        while true {
            scanner.skipWhitespace()
            guard scanner.peek(UInt8(ascii: "\"")) else { throw fail("expected a key in quotes") }
            let keyOffset = position
            let key = String(decoding: try parseString(), as: UTF8.self)
            if members.contains(where: { $0.key == key }) { throw fail("duplicate key \"\(key)\"", at: keyOffset) }
            scanner.skipWhitespace()
            guard scanner.peek(UInt8(ascii: ":")) else { throw fail("expected ':' after the key") }
            position += 1
            scanner.skipWhitespace()
            members.append((key, try parseValue(depth: depth + 1)))
            scanner.skipWhitespace()
            guard position < bytes.count else { throw fail("unterminated object: expected ',' or '}'") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONNode.Value {
        position += 1
        var elements: [JSONNode] = []
        scanner.skipWhitespace()
        if scanner.peek(UInt8(ascii: "]")) { position += 1; return .array(elements) }
        while true {
            scanner.skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            scanner.skipWhitespace()
            guard position < bytes.count else { throw fail("unterminated array: expected ',' or ']'") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements) }
            throw fail("expected ',' or ']'")
        }
    }

    private mutating func parseNumber() throws(Failure) -> [UInt8] {
        let start = position
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw fail("expected a digit") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw fail("leading zeros are not allowed") }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if scanner.peek(UInt8(ascii: ".")) {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw fail("expected a digit after '.'") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if scanner.peek(UInt8(ascii: "e")) || scanner.peek(UInt8(ascii: "E")) {
            position += 1
            if scanner.peek(UInt8(ascii: "+")) || scanner.peek(UInt8(ascii: "-")) { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw fail("expected a digit in the exponent") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        return Array(bytes[start..<position])
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("expected 4 hex digits after \\u") }
        guard let value = scanner.hex4(at: position) else {
            let bad = (position..<position + 4).first { JSONScanner.hexDigitValue(bytes[$0]) == nil } ?? position
            throw fail("expected a hex digit", at: bad)
        }
        position += 4
        return value
    }

    /// Parses a string literal into its exact UTF-8 bytes.
    private mutating func parseString() throws(Failure) -> [UInt8] {
        position += 1
        var output: [UInt8] = []
        var runStart = position
        while true {
            scanner.skipPlainStringBytes()
            guard position < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                output += bytes[runStart..<position]
                position += 1
                break
            }
            if byte < 0x20 { throw fail("control character in a string must be escaped") }
            // A backslash: the plain run stops at nothing else.
            output += bytes[runStart..<position]
            try parseEscape(into: &output)
            runStart = position
        }
        guard UTF8Validation.isValid(output) else { throw fail("string is not valid UTF-8") }
        return output
    }

    /// One escape, from its backslash, appended as the bytes it stands for.
    private mutating func parseEscape(into output: inout [UInt8]) throws(Failure) {
        let escapeStart = position
        position += 1
        guard position < bytes.count else { throw fail("unterminated escape") }
        let escaped = bytes[position]
        position += 1
        if let byte = JSONScanner.unescaped(escaped) { output.append(byte); return }
        guard escaped == UInt8(ascii: "u") else {
            throw fail("unknown escape \\\(Character(Unicode.Scalar(escaped)))", at: escapeStart)
        }
        var scalar = try parseHex4()
        if JSONScanner.isHighSurrogate(scalar) {
            guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else {
                throw fail("lone high surrogate \\u\(String(scalar, radix: 16)) (not valid Unicode)", at: escapeStart)
            }
            position += 2
            let low = try parseHex4()
            guard JSONScanner.isLowSurrogate(low) else {
                throw fail("high surrogate not followed by a low surrogate", at: escapeStart)
            }
            scalar = JSONScanner.combine(high: scalar, low: low)
        } else if JSONScanner.isLowSurrogate(scalar) {
            throw fail("lone low surrogate \\u\(String(scalar, radix: 16)) (not valid Unicode)", at: escapeStart)
        }
        // Checked above: not a surrogate, at most U+10FFFF.
        guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape", at: escapeStart) }
        JSONScanner.appendUTF8(unicode, to: &output)
    }
}
