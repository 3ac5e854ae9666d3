import TapedeckCore

extension JSONReader {
    /// Reads a string value. Strings without escapes are made straight from the input bytes;
    /// ASCII-only ones skip UTF-8 validation.
    @inline(__always)
    mutating func readString() throws(ProtocolError) -> String {
        skipWhitespace()
        return try readStringHere()
    }

    /// `readString` with the whitespace before the value already skipped.
    @inline(__always)
    mutating func readStringHere() throws(ProtocolError) -> String {
        guard byte(at: pos) == UInt8(ascii: "\"") else { throw failure(expected: "string") }
        let quote = pos
        // Most protocol strings are short plain ASCII: found with two word loads and built inline.
        if smallStrings, let count = shortPlainLength(quote: quote) {
            pos = quote &+ count &+ 2
            return count == 0 ? "" : SmallASCIIString.make(base + (quote &+ 1), count: count, readable: 16)
        }
        return try readLongString(quote: quote)
    }

    /// `readString` for strings that are long, escaped or not ASCII, or near the end of the input.
    @inline(never)
    mutating func readLongString(quote: Int) throws(ProtocolError) -> String {
        let (contentEnd, flags) = try scanString(quote: quote)
        if flags & StringFlags.escaped != 0 {
            return try unescapeString(quote: quote, contentEnd: contentEnd, nonASCII: flags & StringFlags.nonASCII != 0)
        }
        let count = contentEnd &- quote &- 1
        if flags & StringFlags.nonASCII != 0 {
            try validateUTF8(from: quote + 1, to: contentEnd)
        } else if count <= 15, count > 0, smallStrings {
            return SmallASCIIString.make(base + (quote + 1), count: count, readable: end - quote - 1)
        }
        if count >= 16, count <= RecentStrings.maxLength {
            let start = base + (quote &+ 1)
            return recent()._withUnsafeGuaranteedRef { $0.string(start, count: count) }
        }
        return String(decoding: UnsafeRawBufferPointer(start: base + (quote + 1), count: count), as: UTF8.self)
    }

    /// Reads an object member name and the `:` after it.
    @inline(__always)
    mutating func readKey() throws(ProtocolError) -> JSONKey {
        // The usual case, a short plain name with the ':' right after it, takes two word loads.
        let quote = pos
        if byte(at: quote) == UInt8(ascii: "\""), let count = shortPlainLength(quote: quote),
            byte(at: quote &+ count &+ 2) == UInt8(ascii: ":")
        {
            pos = quote &+ count &+ 3
            return JSONKey(start: base + (quote &+ 1), count: count, offset: quote, hasEscapes: false)
        }
        return try readAnyKey()
    }

    /// `readKey` for every other name: long, escaped, not ASCII, or with whitespace before ':'.
    @inline(never)
    mutating func readAnyKey() throws(ProtocolError) -> JSONKey {
        guard byte(at: pos) == UInt8(ascii: "\"") else { throw failure(expected: "field name (a string)") }
        let key = try readStringValueAsKey()
        guard peek() == UInt8(ascii: ":") else { throw failure(expected: "':' after field name") }
        pos += 1
        return key
    }

    /// Reads the string whose opening quote is at `pos` without making a String, as a `JSONKey`
    /// to match like a field name: member names, and the envelope's `type` value.
    mutating func readStringValueAsKey() throws(ProtocolError) -> JSONKey {
        let quote = pos
        if let count = shortPlainLength(quote: quote) {
            pos = quote + count + 2
            return JSONKey(start: base + (quote + 1), count: count, offset: quote, hasEscapes: false)
        }
        let (contentEnd, flags) = try scanString(quote: quote)
        if flags & StringFlags.nonASCII != 0 {
            try validateUTF8(from: quote + 1, to: contentEnd)
        }
        if flags & StringFlags.escaped != 0 {
            try checkSurrogates(quote: quote, contentEnd: contentEnd)
        }
        return JSONKey(
            start: base + (quote + 1), count: contentEnd - quote - 1, offset: quote,
            hasEscapes: flags & StringFlags.escaped != 0)
    }

    /// Rejects lone surrogates in an escaped name, as `unescapeString` does for values.
    @inline(never)
    func checkSurrogates(quote: Int, contentEnd: Int) throws(ProtocolError) {
        _ = try unescapeString(quote: quote, contentEnd: contentEnd, nonASCII: false)
    }

    enum StringFlags {
        static let escaped: UInt8 = 1
        static let nonASCII: UInt8 = 2
    }

    /// Finds the closing quote of the string whose opening quote is at `quote`, checking escape
    /// syntax and rejecting raw control bytes. Leaves `pos` after the closing quote and returns
    /// the offset of the closing quote and what the content contains (`StringFlags`).
    /// Plain ASCII runs are skipped 8 bytes at a time.
    @inline(__always)
    mutating func scanString(quote: Int) throws(ProtocolError) -> (contentEnd: Int, flags: UInt8) {
        var i = quote &+ 1
        var flags: UInt8 = 0
        while true {
            // Skip 8-byte words with no quote, backslash, control or non-ASCII byte.
            while i &+ 8 <= end {
                let special = Self.specialBytes(word(at: i))
                if special == 0 {
                    i &+= 8
                    continue
                }
                i &+= special.trailingZeroBitCount >> 3
                break
            }
            guard i < end else { break }
            let b = base.load(fromByteOffset: i, as: UInt8.self)
            if b == UInt8(ascii: "\"") {
                pos = i &+ 1
                return (i, flags)
            }
            if b == UInt8(ascii: "\\") {
                flags |= StringFlags.escaped
                i = try checkEscape(at: i)
                continue
            }
            if b < 0x20 {
                throw failure(expected: "'\"' to close the string (control characters must be escaped)", at: i)
            }
            if b >= 0x80 { flags |= StringFlags.nonASCII }
            i += 1
        }
        throw failure(expected: "'\"' to close the string", at: end)
    }

    /// High bit set in each byte of `word` that is `"`, `\`, below 0x20 or at least 0x80.
    /// (The zero-byte trick may also flag bytes above a flagged one; only the lowest is used.)
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let isQuote = (quotes &- ones) & ~quotes
        let isBackslash = (backslashes &- ones) & ~backslashes
        let isControl = word &- (ones &* 0x20)
        return (isQuote | isBackslash | isControl | word) & highs
    }

    /// Checks the escape sequence starting with the backslash at `index`; returns the offset after it.
    func checkEscape(at index: Int) throws(ProtocolError) -> Int {
        let b = byte(at: index + 1)
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            for k in 2..<6 where hexValue(byte(at: index + k)) == nil {
                throw failure(expected: "4 hex digits after \\u", at: index + k)
            }
            return index + 6
        default:
            throw failure(expected: "escape character (one of \" \\ / b f n r t u)", at: index + 1)
        }
    }

    @inline(__always)
    func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Builds the string of an already scanned (syntax-checked) string with escapes.
    @inline(never)
    func unescapeString(quote: Int, contentEnd: Int, nonASCII: Bool) throws(ProtocolError) -> String {
        if nonASCII { try validateUTF8(from: quote + 1, to: contentEnd) }
        let raw = UnsafeRawBufferPointer(start: base + (quote + 1), count: contentEnd - quote - 1)
        return String(decoding: try Self.unescape(raw, offset: quote + 1), as: UTF8.self)
    }

    /// Resolves the escapes of syntax-checked string content; `offset` is where `raw` starts in
    /// the input, for errors. Surrogate pairs combine; a lone surrogate cannot be a Swift
    /// String, so it is an error.
    static func unescape(_ raw: UnsafeRawBufferPointer, offset: Int) throws(ProtocolError) -> [UInt8] {
        func at(_ i: Int) -> UInt8 { i < raw.count ? raw[i] : 0 }
        func hex4(_ i: Int) -> UInt32 {
            var value: UInt32 = 0
            for k in 0..<4 {
                let b = at(i + k)
                let digit: UInt32 =
                    switch b {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
                    default: 0
                    }
                value = value << 4 | digit
            }
            return value
        }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let b = raw[i]
            guard b == UInt8(ascii: "\\") else {
                out.append(b)
                i += 1
                continue
            }
            let e = at(i + 1)
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(i + 2)
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    guard at(i + 6) == UInt8(ascii: "\\"), at(i + 7) == UInt8(ascii: "u") else {
                        throw ProtocolError(
                            offset: offset + i, expected: "a \\uDC00-\\uDFFF low surrogate after this high surrogate",
                            found: "none")
                    }
                    let low = hex4(i + 8)
                    guard low >= 0xDC00 && low <= 0xDFFF else {
                        throw ProtocolError(
                            offset: offset + i + 6, expected: "a \\uDC00-\\uDFFF low surrogate",
                            found: "\\u" + String(low, radix: 16, uppercase: true))
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                } else if scalar >= 0xDC00 && scalar <= 0xDFFF {
                    throw ProtocolError(
                        offset: offset + i, expected: "a character escape (a low surrogate needs a high one before it)",
                        found: "\\u" + String(scalar, radix: 16, uppercase: true))
                }
                // Not a surrogate (checked above) and at most U+10FFFF (four hex digits or a pair).
                JSONScanner.appendUTF8(Unicode.Scalar(scalar) ?? "\u{FFFD}", to: &out)
                i += 6
                continue
            default: out.append(e) // " \ /
            }
            i += 2
        }
        return out
    }

    /// Rejects bytes that are not well-formed UTF-8 (overlong forms, surrogates, > U+10FFFF,
    /// truncated sequences), pointing at the first bad byte: TapedeckCore's `UTF8Validator`.
    func validateUTF8(from start: Int, to stop: Int) throws(ProtocolError) {
        let text = UnsafeRawBufferPointer(start: base + start, count: stop - start)
        guard let (offset, inSequence) = UTF8Validator.firstInvalidByte(in: text) else { return }
        let found = offset < text.count ? "byte 0x" + String(text[offset], radix: 16, uppercase: true) : "end of string"
        throw ProtocolError(
            offset: start + offset, expected: inSequence ? "valid UTF-8 continuation byte" : "valid UTF-8", found: found)
    }
}
