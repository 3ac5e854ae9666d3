import TapedeckCore

/// Writes JSON with one fixed layout: no spaces, keys in the order the caller writes them, and one
/// escaping rule (`\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other controls as `\u00xx`, everything
/// else as raw UTF-8). The same value always gives the same bytes, so exports can be diffed.
public struct JSONTextWriter {
    public private(set) var bytes: [UInt8] = []
    /// One entry per open object or array: whether the next member needs a comma before it.
    private var needsComma: [Bool] = []

    public init() {}

    public mutating func beginObject() { separate(); bytes.append(UInt8(ascii: "{")); needsComma.append(false) }
    public mutating func endObject() { needsComma.removeLast(); bytes.append(UInt8(ascii: "}")) }
    public mutating func beginArray() { separate(); bytes.append(UInt8(ascii: "[")); needsComma.append(false) }
    public mutating func endArray() { needsComma.removeLast(); bytes.append(UInt8(ascii: "]")) }

    /// Writes `"name":`; the value written next belongs to it.
    public mutating func key(_ name: String) {
        separate()
        appendString(name.utf8)
        bytes.append(UInt8(ascii: ":"))
        // The value that follows must not get a comma of its own.
        if !needsComma.isEmpty { needsComma[needsComma.count - 1] = false }
    }

    public mutating func string(_ value: String) { separate(); appendString(value.utf8) }

    /// Writes bytes the caller knows to be valid UTF-8 as a JSON string.
    public mutating func string(utf8 value: [UInt8]) { separate(); appendString(value) }

    public mutating func integer<T: BinaryInteger>(_ value: T) { separate(); bytes += Array(String(value).utf8) }

    /// Writes `value / 10^scale` as a decimal number with exactly `scale` fraction digits
    /// (`decimal(1_700_000_000_123_456, scale: 6)` is `1700000000.123456`): no binary rounding.
    public mutating func decimal(_ value: Int64, scale: Int) {
        separate()
        var unit: Int64 = 1
        for _ in 0..<scale { unit *= 10 }
        let magnitude = value.magnitude
        let fraction = String(magnitude % UInt64(unit))
        let text =
            (value < 0 ? "-" : "") + String(magnitude / UInt64(unit))
            + (scale > 0 ? "." + String(repeating: "0", count: scale - fraction.count) + fraction : "")
        bytes += Array(text.utf8)
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) { separate(); bytes += Array((value ? "true" : "false").utf8) }

    /// Writes the bytes as a JSON string in standard base64 (RFC 4648, with padding).
    public mutating func base64(_ value: [UInt8]) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        Base64.encode(value, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func separate() {
        guard let last = needsComma.last else { return }
        if last { bytes.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func appendString<C: Collection>(_ utf8: C) where C.Element == UInt8 {
        bytes.reserveCapacity(bytes.count + utf8.count + 2)
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0..<0x20:
                bytes += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    Self.hex[Int(byte >> 4)], Self.hex[Int(byte & 0xF)],
                ]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
