// The canonical JSON form of a `JSONValue`: the bytes that golden snapshots, checkpoints and
// digests compare, so they must not depend on dictionary order, locale or platform.
//
// Rules (docs/STATE-MACHINES.md, "Canonical JSON"):
// - object keys sorted by their UTF-8 bytes;
// - pretty form: 2-space indent, `"key": value`, `{}` / `[]` when empty, one trailing newline;
//   compact form: no whitespace at all and no trailing newline;
// - Int as a decimal integer; Double as Swift's shortest round-trip `description` (locale
//   independent), with -0.0 written as 0.0 and NaN / ±infinity written as `null` (JSON has no
//   spelling for them);
// - strings: `"` and `\` escaped, control characters below U+0020 as \b \f \n \r \t or \u00XX
//   (lowercase hex); everything else, including non-ASCII, as raw UTF-8.

extension JSONValue {
    /// The canonical JSON bytes of this value (see the rules above).
    public func canonicalJSON(pretty: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        CanonicalJSONWriter.write(self, into: &out, pretty: pretty, depth: 0)
        if pretty { out.append(UInt8(ascii: "\n")) }
        return out
    }

    /// The canonical JSON as a string (for messages and diffs).
    public func canonicalJSONString(pretty: Bool = true) -> String {
        String(decoding: canonicalJSON(pretty: pretty), as: UTF8.self)
    }
}

/// Appends canonical JSON to a byte buffer; a namespace so the recursion stays off `JSONValue`.
enum CanonicalJSONWriter {
    static func write(_ value: JSONValue, into out: inout [UInt8], pretty: Bool, depth: Int) {
        switch value {
        case .null:
            append("null", to: &out)
        case .bool(let flag):
            append(flag ? "true" : "false", to: &out)
        case .int(let number):
            append(String(number), to: &out)
        case .double(let number):
            writeDouble(number, into: &out)
        case .string(let text):
            writeString(text, into: &out)
        case .array(let items):
            writeArray(items, into: &out, pretty: pretty, depth: depth)
        case .object(let members):
            writeObject(members, into: &out, pretty: pretty, depth: depth)
        }
    }

    static func writeDouble(_ number: Double, into out: inout [UInt8]) {
        guard number.isFinite else {
            append("null", to: &out)
            return
        }
        // `description` is the shortest representation that round-trips and never uses the locale.
        append(number == 0 ? "0.0" : number.description, to: &out)
    }

    static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\\"))
            case 0x08: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "f"))
            case 0x0A: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case 0x00..<0x20:
                append("\\u00", to: &out)
                out.append(hexDigit(byte >> 4))
                out.append(hexDigit(byte & 0x0F))
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    static func writeArray(_ items: [JSONValue], into out: inout [UInt8], pretty: Bool, depth: Int) {
        guard !items.isEmpty else {
            append("[]", to: &out)
            return
        }
        out.append(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            if pretty { newline(into: &out, depth: depth + 1) }
            write(item, into: &out, pretty: pretty, depth: depth + 1)
        }
        if pretty { newline(into: &out, depth: depth) }
        out.append(UInt8(ascii: "]"))
    }

    static func writeObject(_ members: [String: JSONValue], into out: inout [UInt8], pretty: Bool, depth: Int) {
        guard !members.isEmpty else {
            append("{}", to: &out)
            return
        }
        let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        out.append(UInt8(ascii: "{"))
        for (index, (key, member)) in sorted.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            if pretty { newline(into: &out, depth: depth + 1) }
            writeString(key, into: &out)
            out.append(UInt8(ascii: ":"))
            if pretty { out.append(UInt8(ascii: " ")) }
            write(member, into: &out, pretty: pretty, depth: depth + 1)
        }
        if pretty { newline(into: &out, depth: depth) }
        out.append(UInt8(ascii: "}"))
    }

    static func newline(into out: inout [UInt8], depth: Int) {
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<(depth * 2) { out.append(UInt8(ascii: " ")) }
    }

    static func append(_ text: String, to out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
    }

    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
