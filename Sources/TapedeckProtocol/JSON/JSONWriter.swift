/// Writes compact JSON into a byte array. Callers write keys in a fixed order; the writer only
/// tracks where commas go. Numbers are formatted without locale: integers digit by digit,
/// doubles with Swift's shortest round-tripping form.
struct JSONWriter {
    var bytes: [UInt8] = []
    /// Whether a value was just completed in the current container (the next key or element
    /// needs a comma first).
    var needsComma = false

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    @inline(__always)
    mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    @inline(__always)
    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    @inline(__always)
    mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    @inline(__always)
    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Before each array element.
    @inline(__always)
    mutating func separateElement() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// Writes the comma if needed and `quotedKeyColon`, a literal such as `"energy":`.
    @inline(__always)
    mutating func key(_ quotedKeyColon: StaticString) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        appendLiteral(quotedKeyColon)
    }

    @inline(__always)
    mutating func appendLiteral(_ literal: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inline(__always)
    mutating func writeBool(_ value: Bool) {
        if value {
            appendLiteral("true")
        } else {
            appendLiteral("false")
        }
        needsComma = true
    }

    mutating func writeNull() {
        appendLiteral("null")
        needsComma = true
    }

    @inline(__always)
    mutating func writeInt(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(truncatingIfNeeded: value) + UInt8(ascii: "0"))
        } else {
            writeMultiDigitInt(value)
        }
        needsComma = true
    }

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

    /// Finite doubles as Swift's shortest representation that reads back to the same value
    /// ("0.5", "1e-05", "3.0"); NaN and infinities have no JSON form and are written as null.
    mutating func writeDouble(_ value: Double) {
        guard value.isFinite else {
            writeNull()
            return
        }
        bytes.append(contentsOf: value.description.utf8)
        needsComma = true
    }

    @inline(__always)
    mutating func writeString(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            bytes.append(UInt8(ascii: "\""))
            var needsEscape = false
            for b in utf8 where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                needsEscape = true
                break
            }
            if needsEscape {
                writeEscaped(utf8)
            } else {
                bytes.append(contentsOf: utf8)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        needsComma = true
    }

    mutating func writeEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
        for b in utf8 {
            switch b {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22] as [UInt8])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C] as [UInt8])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0..<0x20:
                bytes.append(contentsOf: [
                    0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hexDigits[Int(b >> 4)], hexDigits[Int(b & 0xF)],
                ])
            default: bytes.append(b)
            }
        }
    }

    /// Copies bytes that are already JSON (a kept unknown envelope).
    mutating func writeRaw(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
        needsComma = true
    }
}
