import TapedeckCore
import TapedeckProtocol

/// Escaping for everything the page takes from a tape: element text, attribute values, and JSON
/// embedded in a `<script type="application/json">` block.
package enum HTMLText {
    /// Text safe in element content and in double- or single-quoted attribute values.
    package static func escape(_ text: String) -> String { MarkupText.escape(text) }

    /// Compact canonical JSON that cannot end its `<script>` element or open a comment: every
    /// `<`, `>` and `&` (which JSON only has inside strings) becomes a `\u00XX` escape, which
    /// `JSON.parse` reads back as the same character.
    package static func scriptJSON(_ value: JSONValue) -> String {
        let bytes = value.canonicalJSON(pretty: false)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `12,345`: grouped digits without the locale.
    package static func count(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }

    /// The last path component: `bug.tape` for `/tmp/reports/bug.tape`.
    package static func fileName(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}
