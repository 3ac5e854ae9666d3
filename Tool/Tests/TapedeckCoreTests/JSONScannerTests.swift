import Testing

@testable import TapedeckCore

@Suite struct JSONScannerTests {
    @Test func stepsOverWhitespaceStringsAndScalars() {
        let text = Array(" \t\r\n\"a\\\"b\" , -12.5e3] ".utf8)
        text.withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes)
            scanner.skipWhitespace()
            #expect(scanner.position == 4)
            #expect(scanner.peek(UInt8(ascii: "\"")))
            #expect(scanner.skipString() == 4..<10)
            scanner.skipWhitespace()
            #expect(scanner.peek(UInt8(ascii: ",")))
            scanner.position += 1
            scanner.skipWhitespace()
            scanner.skipUncheckedScalar()
            #expect(scanner.position == 20)
            #expect(scanner.peek(UInt8(ascii: "]")))
        }
        Array(#""never closed\""#.utf8).withUnsafeBytes { bytes in
            var scanner = JSONScanner(bytes)
            #expect(scanner.skipString() == nil)
            #expect(scanner.isAtEnd)
        }
    }

    /// skipString steps over eight bytes at a time while none is a quote or a backslash: the
    /// closing quote and escaped quotes are found wherever they fall against those steps.
    @Test func findsTheClosingQuoteAtEveryOffset() {
        for length in 0..<24 {
            for escapeAt in [nil] + (0..<length).map(Optional.some) {
                var content = Array(repeating: UInt8(ascii: "x"), count: length)
                if let escapeAt { content[escapeAt] = UInt8(ascii: "\\") }
                // An escape before the closing quote makes it content; the next quote closes.
                let text = [UInt8(ascii: "\"")] + content + Array("\"\"},".utf8) + Array(repeating: UInt8(ascii: "z"), count: 9)
                text.withUnsafeBytes { bytes in
                    var scanner = JSONScanner(bytes)
                    let closing = escapeAt == length - 1 ? length + 2 : length + 1
                    #expect(
                        scanner.skipString() == 0..<closing + 1, "length \(length), escape at \(String(describing: escapeAt))")
                }
            }
        }
        #expect(!JSONScanner.hasQuoteOrBackslash(0x6161_6161_6161_6161))
        #expect(JSONScanner.hasQuoteOrBackslash(0x6161_6122_6161_6161))
        #expect(JSONScanner.hasQuoteOrBackslash(0x5C61_6161_6161_6161))
        #expect(!JSONScanner.hasQuoteOrBackslash(0x2321_5B5D_A2DC_0001)) // neighbours of both bytes
    }

    @Test func decodesEscapePieces() {
        #expect(JSONScanner.unescaped(UInt8(ascii: "n")) == 0x0A)
        #expect(JSONScanner.unescaped(UInt8(ascii: "/")) == UInt8(ascii: "/"))
        #expect(JSONScanner.unescaped(UInt8(ascii: "u")) == nil)
        #expect(JSONScanner.unescaped(UInt8(ascii: "x")) == nil)
        Array("00e9D83cZZZZ".utf8).withUnsafeBytes { bytes in
            let scanner = JSONScanner(bytes)
            #expect(scanner.hex4(at: 0) == 0xE9)
            #expect(scanner.hex4(at: 4) == 0xD83C)
            #expect(scanner.hex4(at: 8) == nil)
            #expect(scanner.hex4(at: 10) == nil) // runs past the end
        }
        #expect(JSONScanner.combine(high: 0xD83C, low: 0xDF89) == 0x1F389)
        var out: [UInt8] = []
        JSONScanner.appendUTF8("🎉", to: &out)
        #expect(out == [0xF0, 0x9F, 0x8E, 0x89])
    }
}
