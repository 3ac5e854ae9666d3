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
