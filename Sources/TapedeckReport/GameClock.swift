/// The game's own clock as one number for chart axes: minutes since 1970-01-01 00:00 of the game
/// calendar, from the state's `gameDate` (yyyy-MM-dd), `hourOfDay` and `minuteOfHour`. This is
/// in-game time, unrelated to the tape's wall or virtual time.
public enum GameClock {
    /// Nil while the date is not a valid yyyy-MM-dd (before the server's first `playerObject` or
    /// dated update). Hour and minute wrap as the app's clock does (hour modulo 24, minute modulo 60).
    public static func minutes(date: String, hourOfDay: Int, minuteOfHour: Int) -> Int64? {
        guard let days = daysSince1970(date) else { return nil }
        return days * 1440 + Int64(wrap(hourOfDay, 24)) * 60 + Int64(wrap(minuteOfHour, 60))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian yyyy-MM-dd date (Howard Hinnant's
    /// `days_from_civil`); nil when the text is not such a date.
    public static func daysSince1970(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year)
        else { return nil }
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysInMonth(_ month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func wrap(_ value: Int, _ modulus: Int) -> Int {
        let remainder = value % modulus
        return remainder < 0 ? remainder + modulus : remainder
    }
}
