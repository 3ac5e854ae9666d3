/// The one JSON writer: compact JSON into a byte array, with one layout and one escaping rule, so
/// the same value always gives the same bytes. The protocol's encoders, tape exports (JSON Lines,
/// HAR, metadata), canonical snapshots and reports all write through it.
///
/// Callers write keys in a fixed order; the writer only tracks where commas go. A key writes the
/// comma before it; an array element needs `separateElement()` first. Strings escape `"`, `\`,
/// `\n`, `\r`, `\t`, `\b`, `\f` and other control characters as `\u00xx` (lowercase hex), and keep
/// everything else as raw UTF-8. Numbers never depend on the locale: integers digit by digit,
/// doubles as Swift's shortest round-tripping form.
public struct JSONWriter {
    /// The JSON written so far.
    public var bytes: [UInt8] = []
    /// Whether a value was just completed in the current container (the next key or element
    /// needs a comma first).
    @usableFromInline var needsComma = false

    /// - Parameter capacity: bytes to reserve, so a typical document needs no regrowth.
    @inlinable
    public init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Writes `{`; the object's first key takes no comma.
    @inlinable
    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Writes `}`, which completes a value.
    @inlinable
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[`; the first element takes no comma.
    @inlinable
    public mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Writes `]`, which completes a value.
    @inlinable
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Before each array element: the comma, unless it is the first.
    @inlinable
    public mutating func separateElement() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Writes the comma if needed and `quotedKeyColon`, a literal such as `"energy":` (the
    /// encoders' keys, known when they are compiled).
    ///
    /// - Parameter quotedKeyColon: The key in quotes and its colon; a debug build checks the colon.
    @inlinable
    public mutating func key(_ quotedKeyColon: StaticString) {
        assert(
            quotedKeyColon.utf8CodeUnitCount > 1
                && quotedKeyColon.utf8Start[quotedKeyColon.utf8CodeUnitCount - 1] == UInt8(ascii: ":"),
            "key(_:) takes a quoted key and its colon, such as \"energy\":; use key(name:) for a plain name")
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        appendLiteral(quotedKeyColon)
    }

    /// Writes the comma if needed and `"name":`, with the name escaped like any string.
    ///
    /// - Parameter name: the member's name, any text.
    public mutating func key(name: String) {
        separateElement()
        writeString(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// `"name":"value"`: a key and its string in one call.
    ///
    /// - Parameters:
    ///   - name: The member's name.
    ///   - value: Its string value.
    public mutating func member(_ name: String, _ value: String) {
        key(name: name)
        writeString(value)
    }

    /// `"name":value`: a key and its integer in one call.
    ///
    /// - Parameters:
    ///   - name: The member's name.
    ///   - value: Its integer value.
    public mutating func member<Integer: BinaryInteger>(_ name: String, _ value: Integer) {
        key(name: name)
        writeInteger(value)
    }

    /// `"name":true` or `"name":false`.
    ///
    /// - Parameters:
    ///   - name: The member's name.
    ///   - value: Its Boolean value.
    public mutating func member(_ name: String, _ value: Bool) {
        key(name: name)
        writeBool(value)
    }

    /// Appends bytes that are already JSON text, such as a literal `"type":`.
    ///
    /// - Parameter literal: The JSON text, written as is (no comma, no escaping).
    @inlinable
    public mutating func appendLiteral(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Copies bytes that are already JSON (a kept unknown envelope).
    ///
    /// - Parameter raw: One complete JSON value; it is not checked.
    public mutating func writeRaw(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
        needsComma = true
    }

    /// Writes `true` or `false`.
    ///
    /// - Parameter value: The value.
    @inlinable
    public mutating func writeBool(_ value: Bool) {
        if value {
            appendLiteral("true")
        } else {
            appendLiteral("false")
        }
        needsComma = true
    }

    /// Writes `null`.
    public mutating func writeNull() {
        appendLiteral("null")
        needsComma = true
    }

    /// Writes an integer in decimal, a digit at a time (no locale, no allocation).
    ///
    /// - Parameter value: The value.
    @inlinable
    public mutating func writeInt(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(truncatingIfNeeded: value) + UInt8(ascii: "0"))
        } else {
            writeMultiDigitInt(value)
        }
        needsComma = true
    }

    @usableFromInline
    mutating func writeMultiDigitInt(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[19 - count] = UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0")
                magnitude /= 10
                count += 1
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[(20 - count)...]))
        }
    }

    /// Any integer, such as a `UInt64` beyond `Int`'s range.
    ///
    /// - Parameter value: The value, written in decimal.
    public mutating func writeInteger<Integer: BinaryInteger>(_ value: Integer) {
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    /// Writes `value / 10^scale` as a decimal number with exactly `scale` fraction digits
    /// (`writeDecimal(1_700_000_000_123_456, scale: 6)` is `1700000000.123456`): no binary rounding.
    ///
    /// - Parameters:
    ///   - value: the number in units of `10^-scale`.
    ///   - scale: fraction digits, 0 to 18.
    public mutating func writeDecimal(_ value: Int64, scale: Int) {
        precondition((0...18).contains(scale), "a decimal scale is 0 to 18 digits")
        var unit: UInt64 = 1
        for _ in 0..<scale { unit *= 10 }
        let magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.append(contentsOf: String(magnitude / unit).utf8)
        if scale > 0 {
            let fraction = String(magnitude % unit)
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: scale - fraction.count))
            bytes.append(contentsOf: fraction.utf8)
        }
        needsComma = true
    }

    /// Finite doubles as Swift's shortest representation that reads back to the same value
    /// ("0.5", "1e-05", "3.0"); NaN and infinities have no JSON form and are written as null.
    ///
    /// - Parameter value: The value.
    public mutating func writeDouble(_ value: Double) {
        guard value.isFinite else {
            writeNull()
            return
        }
        bytes.append(contentsOf: value.description.utf8)
        needsComma = true
    }

    /// Writes a string in quotes, escaped as the type's comment says.
    ///
    /// - Parameter value: The text.
    @inlinable
    public mutating func writeString(_ value: String) {
        var value = value
        value.withUTF8 { writeString(utf8: $0) }
    }

    /// Writes bytes the caller knows to be valid UTF-8 as a JSON string.
    ///
    /// - Parameter value: The UTF-8 bytes.
    public mutating func writeString(utf8 value: [UInt8]) {
        value.withUnsafeBufferPointer { writeString(utf8: $0) }
    }

    /// Writes UTF-8 the caller knows to be valid as a JSON string, copying it whole when nothing
    /// needs escaping.
    ///
    /// - Parameter utf8: The UTF-8 bytes.
    @inlinable
    public mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var needsEscape = false
        for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            needsEscape = true
            break
        }
        if needsEscape {
            writeEscaped(utf8)
        } else {
            bytes.append(contentsOf: utf8)
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    @usableFromInline
    mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22] as [UInt8])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C] as [UInt8])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(Hex.lowercaseDigit(byte >> 4))
                bytes.append(Hex.lowercaseDigit(byte & 0xF))
            default: bytes.append(byte)
            }
        }
    }

    /// Writes the bytes as a JSON string in standard base64 (RFC 4648, with padding).
    ///
    /// - Parameter value: The bytes to encode.
    public mutating func writeBase64(_ value: [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        Base64.encode(value, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// A line break and `2 * depth` spaces, for the pretty canonical form.
    ///
    /// - Parameter depth: The nesting depth of what follows.
    public mutating func newline(depth: Int) {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }
}
