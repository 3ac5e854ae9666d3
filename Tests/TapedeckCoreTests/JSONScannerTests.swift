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
