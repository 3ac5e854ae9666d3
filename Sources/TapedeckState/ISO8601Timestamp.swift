/// Formats virtual time as the ISO 8601 UTC timestamp the app sends ("2026-01-01T00:00:05.000Z"),
/// by hand: no Foundation, no calendar, no time zone.
public enum ISO8601Timestamp {
    /// The instant `epochMilliseconds` (milliseconds since 1970-01-01T00:00:00Z, the session's
    /// start) plus the virtual time, truncated to milliseconds.
    public static func string(epochMilliseconds: Int64, plus time: VirtualTime) -> String {
        let offset = Int64(time.nanoseconds / 1_000_000)
        let (sum, overflow) = epochMilliseconds.addingReportingOverflow(offset)
        return string(millisecondsSince1970: overflow ? Int64.max : sum)
    }

    public static func string(millisecondsSince1970 milliseconds: Int64) -> String {
        let (days, dayMilliseconds) = floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)
        let hour = dayMilliseconds / 3_600_000
        let minute = dayMilliseconds / 60_000 % 60
        let second = dayMilliseconds / 1000 % 60
        let millisecond = dayMilliseconds % 1000
        // Written byte by byte into its final storage: a replay formats one per negative life
        // event, and string interpolation of padded pieces cost ~30 times as much. The year has at
        // least four digits, more when it needs them, and a '-' before it when negative.
        var yearWidth = 4
        var moreDigits = year.magnitude / 10_000
        while moreDigits > 0 { yearWidth += 1; moreDigits /= 10 }
        let yearStart = year < 0 ? 1 : 0
        let rest = yearStart + yearWidth // where "-MM-DDTHH:MM:SS.mmmZ" (20 bytes) starts
        return String(unsafeUninitializedCapacity: rest + 20) { buffer in
            func put(_ value: UInt64, width: Int, at offset: Int) {
                var remaining = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
                    remaining /= 10
                }
            }
            if year < 0 { buffer[0] = UInt8(ascii: "-") }
            put(year.magnitude, width: yearWidth, at: yearStart)
            buffer[rest] = UInt8(ascii: "-"); put(UInt64(month), width: 2, at: rest + 1)
            buffer[rest + 3] = UInt8(ascii: "-"); put(UInt64(day), width: 2, at: rest + 4)
            buffer[rest + 6] = UInt8(ascii: "T"); put(UInt64(hour), width: 2, at: rest + 7)
            buffer[rest + 9] = UInt8(ascii: ":"); put(UInt64(minute), width: 2, at: rest + 10)
            buffer[rest + 12] = UInt8(ascii: ":"); put(UInt64(second), width: 2, at: rest + 13)
            buffer[rest + 15] = UInt8(ascii: "."); put(UInt64(millisecond), width: 3, at: rest + 16)
            buffer[rest + 19] = UInt8(ascii: "Z")
            return rest + 20
        }
    }

    /// Proleptic Gregorian year, month, day of a day count since 1970-01-01 (Howard Hinnant's
    /// `civil_from_days`).
    static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
