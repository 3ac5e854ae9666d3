import Testing

@testable import TapedeckState

@Suite struct ISO8601TimestampTests {
    @Test func addsTheVirtualTimeToTheSessionEpoch() {
        let time = VirtualTime(nanoseconds: 5_123_999_999)
        #expect(ISO8601Timestamp.string(epochMilliseconds: 1_767_225_600_000, plus: time) == "2026-01-01T00:00:05.123Z")
        #expect(ClientState().timestamp(time) == "1970-01-01T00:00:05.123Z")
        #expect(ISO8601Timestamp.string(epochMilliseconds: Int64.max, plus: time) == "292278994-08-17T07:12:55.807Z")
        #expect(ISO8601Timestamp.string(millisecondsSince1970: 951_782_400_000) == "2000-02-29T00:00:00.000Z")
    }
}
