/// A proleptic Gregorian calendar date computed from a day number, without Foundation's calendar
/// (which would bring in the locale and time zone). Day 0 is 1970-01-01.
public struct CivilDate: Sendable, Equatable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year; self.month = month; self.day = day
    }

    /// Howard Hinnant's `civil_from_days`.
    public init(daysSince1970 days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Howard Hinnant's `days_from_civil`.
    public var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 0 = Monday ... 6 = Sunday (1970-01-01 was a Thursday).
    public var weekday: Int {
        let days = daysSince1970
        return ((days % 7) + 7 + 3) % 7
    }

    /// Northern-hemisphere meteorological seasons, as the app names them.
    public var season: String {
        switch month {
        case 3...5: "spring"
        case 6...8: "summer"
        case 9...11: "autumn"
        default: "winter"
        }
    }

    /// "yyyy-MM-dd".
    public var iso: String {
        "\(year)-\(twoDigits(month))-\(twoDigits(day))"
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
