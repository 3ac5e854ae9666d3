/// The strict JSON reader (RFC 8259) of everything outside the protocol's typed decoders: JSON
/// Lines, tape metadata, HAR files, goldens, snapshots and unknown messages. It builds the one
/// tree, `JSONValue`, and reports the byte offset of the first problem; callers turn that into
/// line:column. With `parseLocated` it also keeps where each value starts (`JSONLocated`). The
/// byte-level steps are `JSONScanner`'s.
public struct JSONParser {
    /// Why a text is not JSON, and where.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The byte offset of the problem in the text, from 0.
        public var offset: Int
        /// What is wrong there: `expected ':' after an object key`.
        public var message: String
        /// The member or element the problem is inside, from the root; empty at the top level.
        public var path: JSONPath

        /// A failure.
        ///
        /// - Parameters:
        ///   - offset: The byte offset of the problem, from 0.
        ///   - message: What is wrong there.
        ///   - path: The member or element it is inside; the root by default.
        public init(offset: Int, message: String, path: JSONPath = JSONPath(components: [])) {
            self.offset = offset
            self.message = message
            self.path = path
        }

        public var description: String {
            (path.components.isEmpty ? "" : "\(path): ") + "\(message) at byte \(offset)"
        }

        /// The same failure, one step further from the root (added as the error leaves a container,
        /// so a document that parses pays nothing for it).
        func inside(_ step: JSONPath.Component) -> Failure {
            Failure(offset: offset, message: message, path: JSONPath(components: [step] + path.components))
        }
    }

    private var scanner: JSONScanner
    private var bytes: UnsafeRawBufferPointer { scanner.bytes }
    private var position: Int {
        get { scanner.position }
        set { scanner.position = newValue }
    }
    /// Deep nesting is refused rather than risking the stack.
    static let maxDepth = 512
    /// Set by `parseLocated` only: the path of the value being read and where each value starts.
    private var locations: JSONLocations?
    private var path: [JSONPath.Component] = []

    private init(_ bytes: UnsafeRawBufferPointer, locating: Bool) {
        scanner = JSONScanner(bytes)
        locations = locating ? JSONLocations() : nil
    }

    /// Parses exactly one JSON value, allowing whitespace around it. Numbers without fraction or
    /// exponent that fit in `Int` become `.int`, all others `.double`. A key repeated in one
    /// object is an error naming it (the tree holds one value a key, so keeping either would
    /// silently drop the other).
    ///
    /// - Parameter bytes: The UTF-8 text.
    /// - Returns: The value.
    /// - Throws: `Failure` at the first byte that is not valid JSON: a syntax error, invalid UTF-8,
    ///   a repeated key, nesting deeper than 512, or anything after the value.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONValue {
        try bytes.withUnsafeBytes { raw in Result { () throws(Failure) in try parse(raw) } }.get()
    }

    /// Parses exactly one JSON value from raw bytes, as `parse(_:)` on an array does.
    ///
    /// - Parameter bytes: The UTF-8 text.
    /// - Returns: The value.
    /// - Throws: `Failure` at the first byte that is not valid JSON.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes, locating: false)
        return try parser.parseDocument()
    }

    /// Parses like `parse`, and keeps where each value starts and each number's literal text, for
    /// readers that point at the value in error (HAR, JSON Lines, tape metadata).
    ///
    /// - Parameter bytes: The UTF-8 text.
    /// - Returns: The root value with its locations.
    /// - Throws: `Failure` at the first byte that is not valid JSON.
    public static func parseLocated(_ bytes: [UInt8]) throws(Failure) -> JSONLocated {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(Failure) in
                var parser = JSONParser(raw, locating: true)
                let root = try parser.parseDocument()
                return JSONLocated(root: root, locations: parser.locations ?? JSONLocations())
            }
        }.get()
    }

    private mutating func parseDocument() throws(Failure) -> JSONValue {
        scanner.skipWhitespace()
        let value = try parseValue(depth: 0)
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw fail("unexpected text after the JSON value") }
        return value
    }

    private func fail(_ message: String, at offset: Int? = nil) -> Failure {
        Failure(offset: offset ?? position, message: message)
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        guard depth < Self.maxDepth else { throw fail("nesting deeper than \(Self.maxDepth) levels") }
        guard position < bytes.count else { throw fail("expected a value, found the end of the line") }
        if locations != nil {
            let (here, start) = (JSONPath(components: path), position)
            locations?.offsets[here] = start
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(String(decoding: try parseString(), as: UTF8.self))
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let literal = try parseNumber()
            if locations != nil {
                let (here, text) = (JSONPath(components: path), Array(bytes[literal]))
                locations?.numberLiterals[here] = text
            }
            return Self.number(UnsafeRawBufferPointer(rebasing: bytes[literal]))
        default:
            throw fail("expected a JSON value")
        }
    }

    /// `.int` for an integer literal that fits, else `.double` (Swift's correctly rounded,
    /// locale-independent reading).
    private static func number(_ literal: UnsafeRawBufferPointer) -> JSONValue {
        let text = String(decoding: literal, as: UTF8.self)
        let isInteger = !literal.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        if isInteger, let value = Int(text) { return .int(value) }
        // A literal the grammar accepted always reads; an exponent too large gives infinity.
        return .double(Double(text) ?? .infinity)
    }

    private mutating func expectWord(_ word: StaticString) throws(Failure) {
        let utf8 = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard position + utf8.count <= bytes.count, bytes[position..<position + utf8.count].elementsEqual(utf8) else {
            throw fail("expected \(word)")
        }
        position += utf8.count
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        position += 1
        var members: [String: JSONValue] = [:]
        scanner.skipWhitespace()
        if scanner.peek(UInt8(ascii: "}")) {
            position += 1
            return .object(members)
        }
        while true {
            scanner.skipWhitespace()
            guard scanner.peek(UInt8(ascii: "\"")) else { throw fail("expected a key in quotes") }
            let keyOffset = position
            let key = String(decoding: try parseString(), as: UTF8.self)
            guard members[key] == nil else {
                throw Failure(offset: keyOffset, message: "duplicate key \"\(key)\"", path: JSONPath(components: [.key(key)]))
            }
            scanner.skipWhitespace()
            guard scanner.peek(UInt8(ascii: ":")) else { throw fail("expected ':' after the key") }
            position += 1
            scanner.skipWhitespace()
            if locations != nil { path.append(.key(key)) }
            do {
                members[key] = try parseValue(depth: depth + 1)
            } catch {
                throw error.inside(.key(key))
            }
            if locations != nil { path.removeLast() }
            scanner.skipWhitespace()
            guard position < bytes.count else { throw fail("unterminated object: expected ',' or '}'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        position += 1
        var elements: [JSONValue] = []
        scanner.skipWhitespace()
        if scanner.peek(UInt8(ascii: "]")) {
            position += 1
            return .array(elements)
        }
        while true {
            scanner.skipWhitespace()
            if locations != nil { path.append(.index(elements.count)) }
            do {
                elements.append(try parseValue(depth: depth + 1))
            } catch {
                throw error.inside(.index(elements.count))
            }
            if locations != nil { path.removeLast() }
            scanner.skipWhitespace()
            guard position < bytes.count else { throw fail("unterminated array: expected ',' or ']'") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            throw fail("expected ',' or ']'")
        }
    }

    /// Moves past a number and returns its literal's range.
    private mutating func parseNumber() throws(Failure) -> Range<Int> {
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
        return start..<position
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
        if let byte = JSONScanner.unescaped(escaped) {
            output.append(byte)
            return
        }
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
