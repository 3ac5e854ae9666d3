import Foundation

/// The moment a request is signed, in UTC to the second: `x-amz-date` (`20150830T123600Z`) and the
/// credential scope's date (`20150830`). The signer never reads a clock; whoever signs passes this in.
public struct SigV4Timestamp: Sendable, Hashable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let secondsSince1970: Int64
    /// `yyyyMMdd'T'HHmmss'Z'`, the `x-amz-date` header's value.
    public let amzDate: String
    /// `yyyyMMdd`, the credential scope's date.
    public var dateStamp: String { String(amzDate.prefix(8)) }

    /// The last second SigV4's four-digit year can write: 9999-12-31T23:59:59Z.
    public static let latestSecond: Int64 = 253_402_300_799

    /// The timestamp `secondsSince1970` seconds after the epoch; nil before 1970 or after year 9999.
    public init?(secondsSince1970: Int64) {
        guard (0...Self.latestSecond).contains(secondsSince1970) else { return nil }
        self.secondsSince1970 = secondsSince1970
        let days = secondsSince1970 / 86_400
        let second = secondsSince1970 % 86_400
        let (year, month, day) = Self.civil(daysSince1970: days)
        amzDate =
            Self.digits(year, 4) + Self.digits(month, 2) + Self.digits(day, 2) + "T"
            + Self.digits(second / 3600, 2) + Self.digits(second / 60 % 60, 2) + Self.digits(second % 60, 2) + "Z"
    }

    /// `date` rounded down to the second; nil outside 1970...9999.
    public init?(_ date: Date) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds >= 0, seconds <= Double(Self.latestSecond) else { return nil }
        self.init(secondsSince1970: Int64(seconds))
    }

    /// The timestamp an `x-amz-date` value names; nil unless it is `yyyyMMdd'T'HHmmss'Z'` with a
    /// real date and time of day.
    public init?(amzDate text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            year >= 1970, (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = Self.daysSince1970(year: year, month: month, day: day)
        self.init(secondsSince1970: days * 86_400 + hour * 3600 + minute * 60 + second)
    }

    /// The `x-amz-date` form.
    public var description: String { amzDate }

    private static func digits(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days-from-civil and civil-from-days (proleptic Gregorian, exact for these years).
    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = z / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
