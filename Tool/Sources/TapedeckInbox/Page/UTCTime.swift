import TapedeckCore

/// Milliseconds since 1970 as the page shows them (`2026-11-29 10:15 UTC`), and days as dates:
/// computed, so pages read the same on every machine whatever its time zone or locale.
package enum UTCTime {
    /// `2026-11-29` for days since 1970-01-01.
    package static func date(day: Int64) -> String { CivilDate(daysSince1970: Int(day)).iso }

    /// `2026-11-29 10:15 UTC`.
    package static func minute(milliseconds: Int64) -> String {
        let seconds = milliseconds / 1000
        let day = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400
        let secondOfDay = seconds - day * 86400
        return "\(date(day: day)) \(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay % 3600 / 60)) UTC"
    }

    private static func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
