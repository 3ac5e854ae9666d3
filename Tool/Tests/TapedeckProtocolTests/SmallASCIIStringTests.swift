import Testing

@testable import TapedeckProtocol

/// The inline String fast path must build exactly the Strings the standard library builds, for
/// every length it covers and whether it may read past the string or not.
@Suite struct SmallASCIIStringTests {
    @Test func theLayoutCheckPassesOnThisPlatform() {
        #if _pointerBitWidth(_64) && _endian(little)
        #expect(SmallASCIIString.isAvailable)
        #endif
    }

    @Test(.enabled(if: SmallASCIIString.isAvailable, "the standard library's small-string layout is not the known one here"))
    func everyLengthEqualsTheStandardLibrarysString() {
        // Bytes after the string stand in for the rest of a JSON document.
        let text = Array("p9-2025/12:31 ~_Qz\"}, \"next\": 1}".utf8)
        for count in 1...15 {
            let expected = String(decoding: text[0..<count], as: UTF8.self)
            text.withUnsafeBytes { raw in
                let wordLoads = SmallASCIIString.make(raw.baseAddress!, count: count, readable: raw.count)
                let byteLoads = SmallASCIIString.make(raw.baseAddress!, count: count)
                #expect(wordLoads == expected)
                #expect(byteLoads == expected)
                #expect(wordLoads.utf8.count == count)
                #expect(wordLoads.hashValue == expected.hashValue)
                #expect(Array(wordLoads.utf8) == Array(expected.utf8))
            }
        }
    }

    @Test func decodedShortStringsKeepTheirValues() throws {
        let bytes = Array(#"{"type":"u","message":{"mood":"happy","location":"library","date":"2025-01-01"}}"#.utf8)
        guard case .update(let update) = try ServerMessage.decode(bytes) else {
            Issue.record("expected a u message")
            return
        }
        #expect(update.mood == "happy")
        #expect(update.location == "library")
        #expect(update.date == "2025-01-01")
        #expect(update.mood! + "!" == "happy!")
    }
}
