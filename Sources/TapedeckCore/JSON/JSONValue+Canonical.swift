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
    ///
    /// - Parameter pretty: True for the indented form with a trailing newline (goldens), false for the compact one.
    /// - Returns: The UTF-8 bytes; equal values give equal bytes whatever their objects' key order.
    public func canonicalJSON(pretty: Bool = true) -> [UInt8] {
        var writer = JSONWriter()
        CanonicalJSONWriter.write(self, into: &writer, pretty: pretty, depth: 0)
        if pretty { writer.bytes.append(UInt8(ascii: "\n")) }
        return writer.bytes
    }

    /// The canonical JSON as a string (for messages and diffs).
    ///
    /// - Parameter pretty: True for the indented form with a trailing newline, false for the compact one.
    /// - Returns: The canonical JSON text.
    public func canonicalJSONString(pretty: Bool = true) -> String {
        String(decoding: canonicalJSON(pretty: pretty), as: UTF8.self)
    }
}

/// The canonical layout over `JSONWriter`: sorted keys and, when pretty, one member or element a
/// line. A namespace so the recursion stays off `JSONValue`.
enum CanonicalJSONWriter {
    static func write(_ value: JSONValue, into writer: inout JSONWriter, pretty: Bool, depth: Int) {
        switch value {
        case .null: writer.writeNull()
        case .bool(let flag): writer.writeBool(flag)
        case .int(let number): writer.writeInt(number)
        // -0.0 is written as 0.0.
        case .double(let number): writer.writeDouble(number == 0 ? 0 : number)
        case .string(let text): writer.writeString(text)
        case .array(let items):
            writer.beginArray()
            for item in items {
                writer.separateElement()
                if pretty { writer.newline(depth: depth + 1) }
                write(item, into: &writer, pretty: pretty, depth: depth + 1)
            }
            if pretty && !items.isEmpty { writer.newline(depth: depth) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for (key, member) in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                writer.separateElement()
                if pretty { writer.newline(depth: depth + 1) }
                writer.writeString(key)
                writer.appendLiteral(pretty ? ": " : ":")
                write(member, into: &writer, pretty: pretty, depth: depth + 1)
            }
            if pretty && !members.isEmpty { writer.newline(depth: depth) }
            writer.endObject()
        }
    }
}
