/// Decimal digits read from and written into bytes, for the date formats: fixed-width fields,
/// no locale, no intermediate strings.
enum ASCIIDigits {
    /// The number spelled by `range` of `bytes`, or nil unless every byte there is a digit.
    static func value(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// Bytes a year takes: at least four digits, more when it needs them, and a '-' when negative.
    static func yearWidth(_ year: Int) -> Int {
        var width = 4
        var moreDigits = year.magnitude / 10_000
        while moreDigits > 0 {
            width += 1
            moreDigits /= 10
        }
        return year < 0 ? width + 1 : width
    }

    /// Writes the year at the start of `buffer`; returns where the next byte goes.
    static func putYear(_ year: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let width = yearWidth(year)
        if year < 0 { buffer[0] = UInt8(ascii: "-") }
        let digitsStart = year < 0 ? 1 : 0
        put(year.magnitude, width: width - digitsStart, at: digitsStart, into: buffer)
        return width
    }

    /// Writes `value` zero-padded to `width` digits (its lowest ones, if it has more).
    static func put(_ value: Int, width: Int, at offset: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        put(value.magnitude, width: width, at: offset, into: buffer)
    }

    static func put(_ value: UInt, width: Int, at offset: Int, into buffer: UnsafeMutableBufferPointer<UInt8>) {
        var remaining = value
        for index in stride(from: offset + width - 1, through: offset, by: -1) {
            buffer[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
    }
}
