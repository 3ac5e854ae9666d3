import TapedeckCore

/// The game's own clock as one number for chart axes: minutes since 1970-01-01 00:00 of the game
/// calendar, from the state's `gameDate` (yyyy-MM-dd), `hourOfDay` and `minuteOfHour`. This is
/// in-game time, unrelated to the tape's wall or virtual time.
package enum GameClock {
    /// Nil while the date is not a valid yyyy-MM-dd (before the server's first `playerObject` or
    /// dated update). Hour and minute wrap as the app's clock does (hour modulo 24, minute modulo 60).
    package static func minutes(date: String, hourOfDay: Int, minuteOfHour: Int) -> Int64? {
        guard let days = daysSince1970(date) else { return nil }
        return days * 1440 + Int64(wrap(hourOfDay, 24)) * 60 + Int64(wrap(minuteOfHour, 60))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian yyyy-MM-dd date; nil when the text is not such a date.
    package static func daysSince1970(_ text: String) -> Int64? {
        CivilDate(iso: text).map { Int64($0.daysSince1970) }
    }

    static func wrap(_ value: Int, _ modulus: Int) -> Int {
        let remainder = value % modulus
        return remainder < 0 ? remainder + modulus : remainder
    }
}
