/// UTC wall times as `2026-01-03T02:00:00.000Z`, converted by hand (proleptic Gregorian calendar),
/// so tapes, the catalog and HAR files depend on no locale, time zone or Foundation formatter.
public enum RFC3339 {
    /// Milliseconds since 1970-01-01T00:00:00Z, or nil for text not of the form
    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z`.
    public static func milliseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[4] == 0x2D, bytes[7] == 0x2D,
            bytes[10] == UInt8(ascii: "T"), bytes[13] == 0x3A, bytes[16] == 0x3A
        else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var millis: Int64 = 0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21 else { return nil }
            let digits = bytes[20..<(bytes.count - 1)]
            var scale: Int64 = 100
            for byte in digits {
                guard (0x30...0x39).contains(byte) else { return nil }
                millis += Int64(byte - 0x30) * scale
                scale /= 10
            }
        } else if bytes.count != 20 {
            return nil
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millis
    }

    /// `2026-01-03T02:00:00.000Z`
    public static func string(milliseconds: Int64) -> String {
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        var rest = milliseconds - days * 86_400_000
        let (year, month, day) = civilFromDays(days)
        let hour = rest / 3_600_000; rest %= 3_600_000
        let minute = rest / 60_000; rest %= 60_000
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let millis = rest % 1000
        let millisText = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(rest / 1000)).\(millisText)Z"
    }

    // Howard Hinnant's days_from_civil / civil_from_days.
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
