import Testing

@testable import TapedeckState

@Suite struct ISO8601TimestampTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (1_767_225_605_000, "2026-01-01T00:00:05.000Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (253_402_300_799_000, "9999-12-31T23:59:59.000Z"),
        // Years outside 0...9999 take the general path.
        (253_402_300_800_000, "10000-01-01T00:00:00.000Z"),
        (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
        (-62_167_219_200_001, "-0001-12-31T23:59:59.999Z"),
    ])
    func formatsMillisecondsSince1970(milliseconds: Int64, text: String) {
        #expect(ISO8601Timestamp.string(millisecondsSince1970: milliseconds) == text)
    }

    @Test func addsTheVirtualTimeToTheSessionEpoch() {
        let time = VirtualTime(nanoseconds: 5_123_999_999)
        #expect(ISO8601Timestamp.string(epochMilliseconds: 1_767_225_600_000, plus: time) == "2026-01-01T00:00:05.123Z")
        #expect(ClientState().timestamp(time) == "1970-01-01T00:00:05.123Z")
        #expect(ISO8601Timestamp.string(epochMilliseconds: Int64.max, plus: time).hasSuffix("Z"))
    }
}
