/// Milliseconds since 1970 as the page shows them (`2026-11-29 10:15 UTC`), and days as dates:
/// computed, so pages read the same on every machine whatever its time zone or locale.
package enum UTCTime {
    /// `2026-11-29` for days since 1970-01-01 (Howard Hinnant's civil-from-days).
    package static func date(day: Int64) -> String {
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return "\(year)-\(twoDigits(month))-\(twoDigits(dayOfMonth))"
    }

    /// `2026-11-29 10:15 UTC`.
    package static func minute(milliseconds: Int64) -> String {
        let seconds = milliseconds / 1000
        let day = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let secondOfDay = seconds - day * 86400
        return "\(date(day: day)) \(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay % 3600 / 60)) UTC"
    }

    private static func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
