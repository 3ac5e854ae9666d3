/// Lowercase hexadecimal text for bytes: digests, redaction tokens, byte dumps.
public enum Hex {
    /// Two lowercase digits per byte, with `separator` between bytes (none by default).
    ///
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - separator: The text between two bytes' digits.
    /// - Returns: The text; empty for no bytes.
    public static func lowercase<Bytes: Sequence<UInt8>>(_ bytes: Bytes, separator: String = "") -> String {
        let between = Array(separator.utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * (2 + between.count))
        for byte in bytes {
            if !text.isEmpty { text += between }
            text.append(lowercaseDigit(byte >> 4))
            text.append(lowercaseDigit(byte & 0x0F))
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The lowercase digit of a value from 0 to 15.
    ///
    /// - Parameter nibble: The value; above 15 gives a byte that is no digit.
    /// - Returns: The ASCII digit, `0`-`9` or `a`-`f`.
    public static func lowercaseDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
