import Testing

@testable import TapedeckCore

@Suite struct Base64Tests {
    @Test func roundTripsEveryLength() {
        for length in 0..<20 {
            let bytes: [UInt8] = (0..<length).map { (index: Int) -> UInt8 in UInt8(truncatingIfNeeded: index &* 97 &+ 13) }
            let encoded = Array(Base64.encode(bytes).utf8)
            #expect(encoded.count == (length + 2) / 3 * 4)
            #expect(Base64.decode(encoded) == .success(bytes))
        }
        #expect(Base64.encode(Array("hello".utf8)) == "aGVsbG8=")
        #expect(Base64.encode([0xFB, 0xFF]) == "+/8=")
        #expect(Base64.encode([]) == "")
    }

    @Test func refusesNonCanonicalText() {
        #expect(
            Base64.decode(Array("aGVsbG8".utf8)) == .failure(Base64Error(offset: 7, reason: "length 7 is not a multiple of 4")))
        #expect(Base64.decode(Array("aGVsbG9=".utf8)) == .failure(Base64Error(offset: 6, reason: "non-canonical padding bits")))
        #expect(Base64.decode(Array("a=Vs".utf8)) == .failure(Base64Error(offset: 1, reason: "unexpected character")))
        #expect(Base64.decode(Array("aGVs-G8=".utf8)) == .failure(Base64Error(offset: 4, reason: "unexpected character")))
    }
}
