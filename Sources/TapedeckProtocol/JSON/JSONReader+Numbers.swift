extension JSONReader {
    @inline(__always)
    static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    /// Reads an integer into `Int`: any JSON number with an integral value, as a TypeScript server
    /// writes them (`100`, `100.0`, `1e3`, `-0`). A value with a fraction is refused, and so are
    /// values outside Int's range.
    @inline(__always)
    mutating func readInt() throws(ProtocolError) -> Int {
        skipWhitespace()
        return try readIntHere()
    }

    /// `readInt` with the whitespace before the value already skipped.
    @inline(__always)
    mutating func readIntHere() throws(ProtocolError) -> Int {
        // Most protocol integers are not negative and short: 0, or 1 to 9 digits without a
        // leading zero (never an overflow), followed by a byte that cannot continue a number.
        // Everything else takes the full path.
        let start = pos
        if start &+ 10 <= end {
            let first = base.load(fromByteOffset: start, as: UInt8.self) &- UInt8(ascii: "0")
            if first < 10 {
                var value = Int(first)
                var i = start &+ 1
                while first != 0, i < start &+ 9 {
                    let d = base.load(fromByteOffset: i, as: UInt8.self) &- UInt8(ascii: "0")
                    if d >= 10 { break }
                    value = value &* 10 &+ Int(d)
                    i &+= 1
                }
                let next = base.load(fromByteOffset: i, as: UInt8.self)
                if !Self.isDigit(next), next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") {
                    pos = i
                    return value
                }
            }
        }
        return try readAnyInt()
    }

    /// `readInt` for negative, zero, long or malformed numbers, and numbers near the end of the input.
    @inline(never)
    mutating func readAnyInt() throws(ProtocolError) -> Int {
        let first = peek()
        let start = pos
        var i = pos
        var negative = false
        var b = first
        if b == UInt8(ascii: "-") {
            negative = true
            i += 1
            b = byte(at: i)
        }
        guard Self.isDigit(b) else {
            if negative { throw failure(expected: "digit after '-'", at: i) }
            throw failure(expected: "integer")
        }
        // Accumulated as a negative number so Int.min parses too.
        var value = 0
        if b == UInt8(ascii: "0") {
            i += 1
            if Self.isDigit(byte(at: i)) { throw failure(expected: "no leading zeros in a number", at: start) }
        } else {
            while true {
                let d = byte(at: i) &- UInt8(ascii: "0")
                if d >= 10 { break }
                let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (next, overflow2) = times10.subtractingReportingOverflow(Int(d))
                if overflow1 || overflow2 {
                    throw ProtocolError(
                        offset: start, expected: "integer within \(Int.min)...\(Int.max)", found: "a larger number")
                }
                value = next
                i += 1
            }
        }
        b = byte(at: i)
        if b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") {
            pos = start
            return try readIntegralNumber()
        }
        pos = i
        if negative { return value }
        guard value != Int.min else {
            throw ProtocolError(offset: start, expected: "integer within \(Int.min)...\(Int.max)", found: "a larger number")
        }
        return -value
    }

    /// An integer written with a fraction or an exponent (`100.0`, `1e3`, `2.50e1`): its exact
    /// value from the digits (no Double rounding), or an error when it is not integral.
    @inline(never)
    mutating func readIntegralNumber() throws(ProtocolError) -> Int {
        let start = pos
        let (numberEnd, _) = try scanNumber()
        var i = start
        let negative = byte(at: i) == UInt8(ascii: "-")
        if negative { i += 1 }
        // The significant digits (integer and fraction parts) and the power of ten they scale by.
        var digits: [UInt8] = []
        var scale = 0
        var inFraction = false
        var exponent = 0
        while i < numberEnd {
            let b = byte(at: i)
            if b == UInt8(ascii: ".") {
                inFraction = true
            } else if b | 0x20 == UInt8(ascii: "e") {
                var j = i + 1
                let sign = byte(at: j)
                if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { j += 1 }
                while j < numberEnd {
                    // Saturates: an exponent this large overflows or vanishes either way.
                    exponent = min(exponent * 10 + Int(byte(at: j) - UInt8(ascii: "0")), 10_000)
                    j += 1
                }
                if sign == UInt8(ascii: "-") { exponent = -exponent }
                break
            } else {
                if inFraction { scale -= 1 }
                // Leading zeros are not significant (a fraction's still count in `scale`).
                if !(digits.isEmpty && b == UInt8(ascii: "0")) { digits.append(b - UInt8(ascii: "0")) }
            }
            i += 1
        }
        let text = String(decoding: UnsafeRawBufferPointer(start: base + start, count: numberEnd - start), as: UTF8.self)
        // Trailing zeros only raise the power.
        while digits.last == 0 {
            digits.removeLast()
            scale += 1
        }
        scale += exponent
        if digits.isEmpty {
            pos = numberEnd
            return 0
        }
        guard scale >= 0 else {
            throw ProtocolError(offset: start, expected: "integer", found: "\(text), a number with a fraction")
        }
        var value = 0
        for digit in digits + Array(repeating: 0, count: min(scale, 20)) {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                negative ? times10.subtractingReportingOverflow(Int(digit)) : times10.addingReportingOverflow(Int(digit))
            if overflow1 || overflow2 || scale > 20 {
                throw ProtocolError(offset: start, expected: "integer within \(Int.min)...\(Int.max)", found: text)
            }
            value = next
        }
        pos = numberEnd
        return value
    }

    /// Reads any JSON number as a Double. The grammar is checked here; the conversion uses the
    /// standard library's correctly rounded, locale-independent parser.
    mutating func readDouble() throws(ProtocolError) -> Double {
        guard Self.isDigit(peek()) || byte(at: pos) == UInt8(ascii: "-") else { throw failure(expected: "number") }
        let start = pos
        let (numberEnd, isInteger) = try scanNumber()
        let length = numberEnd - start
        // Short integers are exact as Doubles: skip the text conversion.
        if isInteger && length <= 15 {
            var value = 0
            var i = start
            let negative = byte(at: i) == UInt8(ascii: "-")
            if negative { i += 1 }
            while i < numberEnd {
                value = value * 10 + Int(byte(at: i) - UInt8(ascii: "0"))
                i += 1
            }
            pos = numberEnd
            return Double(negative ? -value : value)
        }
        let text = String(decoding: UnsafeRawBufferPointer(start: base + start, count: length), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw ProtocolError(offset: start, expected: "number within Double's range", found: text)
        }
        pos = numberEnd
        return value
    }

    /// Checks JSON number syntax from `pos` and returns where the number ends and whether it
    /// has neither fraction nor exponent. Does not move `pos`.
    func scanNumber() throws(ProtocolError) -> (end: Int, isInteger: Bool) {
        var i = pos
        if byte(at: i) == UInt8(ascii: "-") { i += 1 }
        let b = byte(at: i)
        guard Self.isDigit(b) else { throw failure(expected: "digit", at: i) }
        if b == UInt8(ascii: "0") {
            i += 1
            if Self.isDigit(byte(at: i)) { throw failure(expected: "no leading zeros in a number", at: pos) }
        } else {
            while Self.isDigit(byte(at: i)) { i += 1 }
        }
        var isInteger = true
        if byte(at: i) == UInt8(ascii: ".") {
            isInteger = false
            i += 1
            guard Self.isDigit(byte(at: i)) else { throw failure(expected: "digit after '.'", at: i) }
            while Self.isDigit(byte(at: i)) { i += 1 }
        }
        let e = byte(at: i)
        if e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            isInteger = false
            i += 1
            let sign = byte(at: i)
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { i += 1 }
            guard Self.isDigit(byte(at: i)) else { throw failure(expected: "digit in exponent", at: i) }
            while Self.isDigit(byte(at: i)) { i += 1 }
        }
        return (i, isInteger)
    }
}
