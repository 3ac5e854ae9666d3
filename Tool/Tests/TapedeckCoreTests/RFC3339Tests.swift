import Testing

@testable import TapedeckCore

@Suite struct RFC3339Tests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (1_767_225_605_000, "2026-01-01T00:00:05.000Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (951_827_696_789, "2000-02-29T12:34:56.789Z"),
        (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (253_402_300_799_000, "9999-12-31T23:59:59.000Z"),
        // Years outside 0...9999 take more digits or a sign.
        (253_402_300_800_000, "10000-01-01T00:00:00.000Z"),
        (-62_167_219_200_000, "0000-01-01T00:00:00.000Z"),
        (-62_167_219_200_001, "-0001-12-31T23:59:59.999Z"),
        (Int64.max, "292278994-08-17T07:12:55.807Z"),
    ])
    func formatsMillisecondsSince1970(milliseconds: Int64, text: String) {
        #expect(RFC3339.string(milliseconds: milliseconds) == text)
    }

    @Test func formatsTheCompactFileNameForm() {
        #expect(RFC3339.compactString(milliseconds: 1_768_987_800_123) == "20260121T093000.123Z")
        #expect(RFC3339.compactString(milliseconds: 0) == "19700101T000000.000Z")
        #expect(RFC3339.compactString(milliseconds: 253_402_300_800_000) == "100000101T000000.000Z")
    }

    /// Issue 34: HAR writers put any zone and precision in `startedDateTime`; the offset is
    /// subtracted exactly (values from Python's datetime.fromisoformat).
    @Test(arguments: [
        ("2023-10-05T14:48:00Z", Int64(1_696_517_280_000_000)),
        ("2023-10-05T14:48:00.000Z", 1_696_517_280_000_000),
        ("2023-10-05T14:48:00+00:00", 1_696_517_280_000_000),
        ("2023-10-05T14:48:00-00:00", 1_696_517_280_000_000),
        ("2023-10-05T15:48:00+01:00", 1_696_517_280_000_000),
        ("2023-10-05T15:48:00+0100", 1_696_517_280_000_000),
        ("2023-10-05T15:48:00+01", 1_696_517_280_000_000),
        ("2023-10-05t14:48:00z", 1_696_517_280_000_000),
        ("2023-10-05 14:48:00Z", 1_696_517_280_000_000),
        ("2024-02-29T12:00:00.123456-05:30", 1_709_227_800_123_456),
        ("2024-02-29T12:00:00,123456-05:30", 1_709_227_800_123_456),
        ("2026-01-02T03:04:05.678901+01:00", 1_767_319_445_678_901),
        ("2026-01-02T03:04:05.6789019999+01:00", 1_767_319_445_678_901), // past the microsecond: dropped
        ("2026-01-02T03:04:05.6+01:00", 1_767_319_445_600_000),
        ("1970-01-01T01:00:00+01:00", 0),
        ("1969-12-31T19:00:00.000001-05:00", 1),
        ("0001-01-01T00:00:00+01:00", -62_135_600_400_000_000),
        ("9999-12-31T23:59:59.999999-23:59", 253_402_387_139_999_999),
    ])
    func parsesAnyZoneAndPrecisionToMicroseconds(text: String, micros: Int64) {
        #expect(RFC3339.microseconds(text) == micros)
    }

    @Test(arguments: [
        "2023-10-05T14:48:00", "2023-10-05T14:48:00.Z", "2023-10-05T14:48:00+24:00", "2023-10-05T14:48:00+01:60",
        "2023-10-05T14:48:00+1:00", "2023-10-05T14:48:00+01:00Z", "2023-10-05T14:48:00 +01:00", "2023-02-29T14:48:00Z",
        "2023-10-05T24:00:00Z", "2023-10-05X14:48:00Z", "2023-10-05T14:48:00+01:0", "2023-10-05T14:48:00ZZ",
    ])
    func refusesWhatIsNotADateAndTimeWithAZone(text: String) {
        #expect(RFC3339.microseconds(text) == nil)
    }

    @Test func parsesToMilliseconds() {
        #expect(RFC3339.milliseconds("1970-01-01T00:00:00Z") == 0)
        #expect(RFC3339.milliseconds("2000-02-29T12:34:56.789Z") == 951_827_696_789)
        #expect(RFC3339.milliseconds("2026-01-21T09:30:00.123Z") == 1_768_987_800_123)
        #expect(RFC3339.milliseconds("1969-12-31T23:59:59.999Z") == -1)
        #expect(RFC3339.milliseconds("1970-01-01T00:00:00.5Z") == 500)
        #expect(RFC3339.milliseconds("1970-01-01T00:00:00.123456Z") == 123)
        // A leap second reads as the first second of the next minute.
        #expect(RFC3339.milliseconds("1970-01-01T00:00:60Z") == 60_000)
    }

    @Test func refusesOtherText() {
        #expect(RFC3339.milliseconds("2000-02-29 12:34:56Z") == nil)
        #expect(RFC3339.milliseconds("yesterday") == nil)
        #expect(RFC3339.milliseconds("") == nil)
        #expect(RFC3339.milliseconds("2026-01-21T09:30:00") == nil)
        #expect(RFC3339.milliseconds("2026-01-21T09:30:00.Z") == nil)
        #expect(RFC3339.milliseconds("2026-01-21T09:30:00,5Z") == nil)
        #expect(RFC3339.milliseconds("2026-01-21T09:30:0xZ") == nil)
        #expect(RFC3339.milliseconds("2026-01-21T24:00:00Z") == nil)
        #expect(RFC3339.milliseconds("2026-01-21T09:60:00Z") == nil)
        #expect(RFC3339.milliseconds("2025-02-29T00:00:00Z") == nil)
        #expect(RFC3339.milliseconds("2026-13-01T00:00:00Z") == nil)
    }

    @Test func roundTripsWhatItWrites() {
        for milliseconds: Int64 in [0, -1, 1, 86_399_999, 86_400_000, 951_827_696_789, 1_768_987_800_123, 253_402_300_799_999] {
            #expect(RFC3339.milliseconds(RFC3339.string(milliseconds: milliseconds)) == milliseconds)
        }
    }
}
