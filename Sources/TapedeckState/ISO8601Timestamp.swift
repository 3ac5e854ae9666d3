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
        guard (0...9999).contains(year) else {
            let yearText = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
            return "\(yearText)-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(millisecond, 3))Z"
        }
        // The usual four-digit year: the 24 bytes written in place (a replay formats one per
        // negative life event, and interpolation cost ~30 times as much).
        return String(unsafeUninitializedCapacity: 24) { buffer in
            func put(_ value: Int64, width: Int, at offset: Int) {
                var rest = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(year, width: 4, at: 0); buffer[4] = UInt8(ascii: "-")
            put(month, width: 2, at: 5); buffer[7] = UInt8(ascii: "-")
            put(day, width: 2, at: 8); buffer[10] = UInt8(ascii: "T")
            put(hour, width: 2, at: 11); buffer[13] = UInt8(ascii: ":")
            put(minute, width: 2, at: 14); buffer[16] = UInt8(ascii: ":")
            put(second, width: 2, at: 17); buffer[19] = UInt8(ascii: ".")
            put(millisecond, width: 3, at: 20); buffer[23] = UInt8(ascii: "Z")
            return 24
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

    static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
