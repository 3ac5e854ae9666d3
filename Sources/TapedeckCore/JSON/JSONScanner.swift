/// The byte-level steps of reading JSON text (RFC 8259), shared by the tree parser (`JSONParser`)
/// and the scanners that walk a payload without building a tree (redaction, envelope types):
/// whitespace, string extents, escapes and hex digits. It reads the bytes it is lent and keeps
/// only a position, so a walk costs no allocation.
public struct JSONScanner {
    /// The text, lent by the caller for as long as the scanner is used.
    public let bytes: UnsafeRawBufferPointer
    /// Offset of the next byte to read.
    public var position: Int

    /// A scanner of `bytes`, which must outlive it.
    ///
    /// - Parameters:
    ///   - bytes: The JSON text.
    ///   - position: Where to start reading.
    @inlinable
    public init(_ bytes: UnsafeRawBufferPointer, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Whether every byte has been read.
    @inlinable
    public var isAtEnd: Bool { position >= bytes.count }

    /// Whether the next byte is `byte`.
    ///
    /// - Parameter byte: The byte to look for.
    /// - Returns: True when it is next; false at the end.
    @inlinable
    public func peek(_ byte: UInt8) -> Bool { position < bytes.count && bytes[position] == byte }

    /// Moves past space, tab, line feed and carriage return: JSON's whitespace.
    @inlinable
    public mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// Moves to the next quote, backslash or control byte inside a string (or to the end): the
    /// plain run, which is most of a payload.
    @inlinable
    public mutating func skipPlainStringBytes() {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return }
            position += 1
        }
    }

    /// From a string's opening quote, moves past its closing quote and returns the string's range,
    /// quotes included; nil (at the end) if it is not closed. Escapes are stepped over, not
    /// checked: for walks that only need to know where a string ends.
    ///
    /// - Returns: The string's range in `bytes`, or nil.
    @inlinable
    public mutating func skipString() -> Range<Int>? {
        let start = position
        position += 1
        while position < bytes.count {
            // Eight bytes at a time while none of them is a quote or a backslash: most of a long
            // string goes this way (the redactor walks every string of every recorded message).
            while position &+ 8 <= bytes.count,
                !Self.hasQuoteOrBackslash(bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            {
                position &+= 8
            }
            guard position < bytes.count else { break }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                return start..<position
            case UInt8(ascii: "\\"): position += 2
            default: position += 1
            }
        }
        return nil
    }

    /// Whether any of the eight bytes of `word` is a quote or a backslash (a byte equal to one of
    /// them XORs to zero, and the classic test finds a zero byte exactly).
    @inlinable
    static func hasQuoteOrBackslash(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        return ((quotes &- ones) & ~quotes | (backslashes &- ones) & ~backslashes) & 0x8080_8080_8080_8080 != 0
    }

    /// Moves past a number or literal without checking it: up to the next `,`, `}`, `]` or whitespace.
    @inlinable
    public mutating func skipUncheckedScalar() {
        while position < bytes.count, !Self.endsScalar(bytes[position]) { position += 1 }
    }

    /// The value of four hex digits at `offset`, or nil if any is not a hex digit or the text ends.
    ///
    /// - Parameter offset: Where the digits start in `bytes`.
    /// - Returns: The value, 0 to 0xFFFF, or nil.
    @inlinable
    public func hex4(at offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for index in offset..<offset + 4 {
            guard let digit = Self.hexDigitValue(bytes[index]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// Whether `byte` is JSON whitespace: space, tab, line feed or carriage return.
    ///
    /// - Parameter byte: The byte.
    /// - Returns: True for those four.
    @inlinable
    public static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    @inlinable
    static func endsScalar(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || isWhitespace(byte)
    }

    /// The value of one hex digit, either case.
    ///
    /// - Parameter byte: The byte.
    /// - Returns: 0 to 15, or nil when it is not a hex digit.
    @inlinable
    public static func hexDigitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The byte a one-character escape (`\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t`) stands for, given
    /// the character after the backslash; nil for `u` and for anything JSON does not define.
    ///
    /// - Parameter byte: The byte after the backslash.
    /// - Returns: The byte it stands for, or nil.
    @inlinable
    public static func unescaped(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): byte
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// Whether a `\u` escape's value is the first half of a surrogate pair.
    ///
    /// - Parameter unit: The escape's value.
    /// - Returns: True for 0xD800 to 0xDBFF.
    public static func isHighSurrogate(_ unit: UInt32) -> Bool { (0xD800...0xDBFF).contains(unit) }
    /// Whether a `\u` escape's value is the second half of a surrogate pair.
    ///
    /// - Parameter unit: The escape's value.
    /// - Returns: True for 0xDC00 to 0xDFFF.
    public static func isLowSurrogate(_ unit: UInt32) -> Bool { (0xDC00...0xDFFF).contains(unit) }

    /// The code point a `\uD83D\uDE00` pair spells.
    ///
    /// - Parameters:
    ///   - high: The first escape's value (`isHighSurrogate`).
    ///   - low: The second escape's value (`isLowSurrogate`).
    /// - Returns: The code point, 0x10000 to 0x10FFFF.
    public static func combine(high: UInt32, low: UInt32) -> UInt32 {
        0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
    }

    /// Appends the UTF-8 bytes of `scalar`.
    ///
    /// - Parameters:
    ///   - scalar: The code point.
    ///   - output: The bytes to append to.
    public static func appendUTF8(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        output.append(contentsOf: scalar.utf8)
    }
}
