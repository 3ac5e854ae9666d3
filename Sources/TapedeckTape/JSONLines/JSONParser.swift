/// A small strict JSON parser (RFC 8259) for one JSON Lines line. It reports the byte offset of
/// the first problem; callers turn that into line:column.
public struct JSONParser {
    public struct Failure: Error, Sendable, Equatable {
        public var offset: Int
        public var message: String
    }

    private let bytes: [UInt8]
    private var position = 0
    /// Deep nesting is refused rather than risking the stack.
    private static let maxDepth = 64

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Parses exactly one JSON value, allowing surrounding spaces and tabs.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONNode {
        var parser = JSONParser(bytes)
        parser.skipSpace()
        let node = try parser.parseValue(depth: 0)
        parser.skipSpace()
        guard parser.position == bytes.count else {
            throw Failure(offset: parser.position, message: "unexpected text after the JSON value")
        }
        return node
    }

    private mutating func skipSpace() {
        while position < bytes.count,
            bytes[position] == 0x20 || bytes[position] == 0x09 || bytes[position] == 0x0A || bytes[position] == 0x0D
        {
            position += 1
        }
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
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
            let keyOffset = position
            let key = String(decoding: try parseString(), as: UTF8.self)
            if members.contains(where: { $0.key == key }) { throw fail("duplicate key \"\(key)\"", at: keyOffset) }
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected ':' after the key") }
            position += 1
            skipSpace()
            members.append((key, try parseValue(depth: depth + 1)))
            skipSpace()
            guard position < bytes.count else { throw fail("unterminated object: expected ',' or '}'") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
            throw fail("expected ',' or '}'")
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONNode.Value {
        position += 1
        var elements: [JSONNode] = []
        skipSpace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            skipSpace()
            elements.append(try parseValue(depth: depth + 1))
            skipSpace()
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
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw fail("expected a digit after '.'") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw fail("expected a digit in the exponent") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        return Array(bytes[start..<position])
    }

    private func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("expected 4 hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = hexValue(bytes[position]) else { throw fail("expected a hex digit") }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Parses a string literal into its exact UTF-8 bytes.
    private mutating func parseString() throws(Failure) -> [UInt8] {
        position += 1
        var output: [UInt8] = []
        var runStart = position
        while true {
            // Skip the plain run quickly: most of a payload has no quotes, escapes or controls.
            position = bytes.withUnsafeBufferPointer { buffer in
                var index = position
                while index < buffer.count {
                    let byte = buffer[index]
                    if byte == 0x22 || byte == 0x5C || byte < 0x20 { break }
                    index += 1
                }
                return index
            }
            guard position < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                output += bytes[runStart..<position]
                position += 1
                break
            }
            if byte < 0x20 { throw fail("control character in a string must be escaped") }
            if byte == UInt8(ascii: "\\") {
                output += bytes[runStart..<position]
                let escapeStart = position
                position += 1
                guard position < bytes.count else { throw fail("unterminated escape") }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "\""): output.append(0x22)
                case UInt8(ascii: "\\"): output.append(0x5C)
                case UInt8(ascii: "/"): output.append(0x2F)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"),
                            bytes[position + 1] == UInt8(ascii: "u")
                        else {
                            throw fail("lone high surrogate \\u\(String(scalar, radix: 16)) (not valid Unicode)", at: escapeStart)
                        }
                        position += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw fail("high surrogate not followed by a low surrogate", at: escapeStart)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw fail("lone low surrogate \\u\(String(scalar, radix: 16)) (not valid Unicode)", at: escapeStart)
                    }
                    // Checked above: not a surrogate, at most U+10FFFF.
                    guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape", at: escapeStart) }
                    output += Array(String(Character(unicode)).utf8)
                default:
                    throw fail("unknown escape \\\(Character(Unicode.Scalar(escaped)))", at: escapeStart)
                }
                runStart = position
                continue
            }
            position += 1
        }
        guard UTF8Validation.isValid(output) else { throw fail("string is not valid UTF-8") }
        return output
    }
}
