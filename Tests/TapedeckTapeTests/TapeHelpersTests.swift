import Testing

@testable import TapedeckTape

@Suite struct EnvelopeTypeScannerTests {
    private func type(_ text: String) -> String? {
        EnvelopeTypeScanner.type(in: Array(text.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func findsTheTopLevelType() {
        #expect(type(#"{"type":"u","message":{"energy":3}}"#) == "u")
        #expect(
            type(#" { "message" : {"type":"inner","a":[1,{"b":"}"}]}, "n": -1.5e3, "ok": true , "type" : "playerObject" } "#)
                == "playerObject")
        #expect(type(#"{"message":{"type":"inner"}}"#) == nil)
        #expect(type(#"{"typeX":"a"}"#) == nil)
        #expect(type(#"["type","u"]"#) == nil)
        #expect(type(#"{"type":3}"#) == nil)
        #expect(type(#"{"type":"unterminated"#) == nil)
        #expect(type("") == nil)
    }
}

@Suite struct Base64Tests {
    @Test func roundTripsEveryLength() {
        for length in 0..<20 {
            let bytes: [UInt8] = (0..<length).map { (index: Int) -> UInt8 in UInt8(truncatingIfNeeded: index &* 97 &+ 13) }
            let encoded = Array(Base64.encode(bytes).utf8)
            #expect(Base64.decode(encoded) == .success(bytes))
        }
        #expect(Base64.encode(Array("hello".utf8)) == "aGVsbG8=")
    }

    @Test func refusesNonCanonicalText() {
        #expect(
            Base64.decode(Array("aGVsbG8".utf8)) == .failure(Base64Error(offset: 7, reason: "length 7 is not a multiple of 4")))
        #expect(Base64.decode(Array("aGVsbG9=".utf8)) == .failure(Base64Error(offset: 6, reason: "non-canonical padding bits")))
        #expect(Base64.decode(Array("a=Vs".utf8)) == .failure(Base64Error(offset: 1, reason: "unexpected character")))
    }
}

@Suite struct UTF8ValidationTests {
    @Test func acceptsOnlyWellFormedUTF8() {
        #expect(UTF8Validation.isValid(Array("plain é 🎉 \u{0}".utf8)))
        #expect(!UTF8Validation.isValid([0xC0, 0x80])) // overlong NUL
        #expect(!UTF8Validation.isValid([0xED, 0xA0, 0x80])) // surrogate
        #expect(!UTF8Validation.isValid([0xF4, 0x90, 0x80, 0x80])) // above U+10FFFF
        #expect(!UTF8Validation.isValid([0xE2, 0x82])) // cut short
        #expect(!UTF8Validation.isValid([0xFF]))
    }
}

@Suite struct TapeStatisticsTests {
    @Test func summarisesTheFixture() throws {
        let statistics = TapeStatistics.gather(from: try TapeReader(path: TestFiles.fixtureTape))
        #expect(statistics.recordCount == 15)
        #expect(statistics.count(.c2s) == 5)
        #expect(statistics.count(.s2c) == 8)
        #expect(statistics.count(.note) == 2)
        #expect(statistics.count(.text) == 8)
        #expect(statistics.count(.close) == 2)
        #expect(statistics.duration == 11_234_000_000)
        #expect(statistics.typeCounts[.init(direction: .s2c, type: "u")] == 4)
        #expect(statistics.typeCounts[.init(direction: .c2s, type: "claimEvent")] == 1)
        #expect(statistics.typeCounts[.init(direction: .s2c, type: "playerObject")] == 1)
        #expect(statistics.end == .complete)
    }
}
