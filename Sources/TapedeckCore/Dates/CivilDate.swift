/// A proleptic Gregorian calendar date computed from a day number, without Foundation's calendar
/// (which would bring in the locale and time zone). Day 0 is 1970-01-01.
public struct CivilDate: Sendable, Hashable, Comparable {
    /// The year; 0 is 1 BC, and negative years count on back.
    public var year: Int
    /// The month, 1 to 12.
    public var month: Int
    /// The day of the month, from 1.
    public var day: Int

    /// A date from its parts, taken as given (not checked against the calendar).
    ///
    /// - Parameters:
    ///   - year: The year.
    ///   - month: The month, 1 to 12.
    ///   - day: The day of the month, from 1.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Howard Hinnant's `civil_from_days`.
    ///
    /// - Parameter days: Days since 1970-01-01, negative before it.
    public init(daysSince1970 days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// A `yyyy-MM-dd` date that exists in the calendar (month 1 to 12, the day within the month's
    /// length); nil for anything else.
    ///
    /// - Parameter text: The date, exactly ten characters.
    public init?(iso text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 10, let parsed = utf8.withUnsafeBytes({ Self.parse($0, at: 0) }) else { return nil }
        self = parsed
    }

    /// The `yyyy-MM-dd` date at `offset` in `bytes` (RFC 3339's full-date), checked as `init(iso:)` checks it.
    static func parse(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> CivilDate? {
        guard offset + 10 <= bytes.count, bytes[offset + 4] == UInt8(ascii: "-"), bytes[offset + 7] == UInt8(ascii: "-"),
            let year = ASCIIDigits.value(bytes, offset..<offset + 4),
            let month = ASCIIDigits.value(bytes, offset + 5..<offset + 7),
            let day = ASCIIDigits.value(bytes, offset + 8..<offset + 10),
            (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year)
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// Howard Hinnant's `days_from_civil`.
    public var daysSince1970: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 = Monday ... 6 = Sunday (1970-01-01 was a Thursday).
    public var weekday: Int {
        let days = daysSince1970
        return ((days % 7) + 7 + 3) % 7
    }

    /// "yyyy-MM-dd" (a year past 9999 takes more digits, a negative one a leading '-').
    public var iso: String {
        String(unsafeUninitializedCapacity: ASCIIDigits.yearWidth(year) + 6) { buffer in
            let rest = ASCIIDigits.putYear(year, into: buffer)
            buffer[rest] = UInt8(ascii: "-")
            ASCIIDigits.put(month, width: 2, at: rest + 1, into: buffer)
            buffer[rest + 3] = UInt8(ascii: "-")
            ASCIIDigits.put(day, width: 2, at: rest + 4, into: buffer)
            return rest + 6
        }
    }

    /// Whether `year` has a February 29 (Gregorian rule, applied to every year).
    ///
    /// - Parameter year: The year.
    /// - Returns: True for a leap year.
    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// How many days a month has.
    ///
    /// - Parameters:
    ///   - month: The month, 1 to 12 (anything else counts as 31 days).
    ///   - year: The year, for February.
    /// - Returns: 28 to 31.
    public static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
