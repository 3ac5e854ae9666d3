/// UTC wall times as `2026-01-03T02:00:00.000Z`, converted by hand (proleptic Gregorian calendar),
/// so tapes, the catalog, HAR files and the app's timestamps depend on no locale, time zone or
/// Foundation formatter.
public enum RFC3339 {
    /// Milliseconds since 1970-01-01T00:00:00Z, or nil for text not of the form
    /// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` with a date that exists (digits past the third of the
    /// fraction are read and dropped).
    ///
    /// - Parameter text: The date and time, in UTC.
    /// - Returns: Milliseconds since the epoch, or nil.
    public static func milliseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { milliseconds(parsing: $0) }
    }

    private static func milliseconds(parsing bytes: UnsafeRawBufferPointer) -> Int64? {
        guard bytes.count >= 20, bytes[bytes.count - 1] == UInt8(ascii: "Z"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let date = CivilDate.parse(bytes, at: 0),
            let hour = ASCIIDigits.value(bytes, 11..<13), let minute = ASCIIDigits.value(bytes, 14..<16),
            let second = ASCIIDigits.value(bytes, 17..<19), hour < 24, minute < 60, second < 61
        else { return nil }
        var millis: Int64 = 0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count > 21 else { return nil }
            var scale: Int64 = 100
            for index in 20..<(bytes.count - 1) {
                guard let digit = ASCIIDigits.value(bytes, index..<index + 1) else { return nil }
                millis += Int64(digit) * scale
                scale /= 10
            }
        }
        let minutes = (Int64(date.daysSince1970) * 24 + Int64(hour)) * 60 + Int64(minute)
        return minutes * 60_000 + Int64(second) * 1000 + millis
    }

    /// `2026-01-03T02:00:00.000Z`, for any instant: a year past 9999 takes more digits, one before
    /// year 0 a leading '-'.
    ///
    /// - Parameter milliseconds: Milliseconds since 1970-01-01T00:00:00Z.
    /// - Returns: The UTC date and time with three fraction digits.
    public static func string(milliseconds: Int64) -> String {
        format(milliseconds, compact: false)
    }

    /// `20260103T020000.000Z`: the same instant without separators in the date and time, for file
    /// names (it sorts by time and has no ':').
    ///
    /// - Parameter milliseconds: Milliseconds since 1970-01-01T00:00:00Z.
    /// - Returns: The compact UTC date and time.
    public static func compactString(milliseconds: Int64) -> String {
        format(milliseconds, compact: true)
    }

    private static func format(_ milliseconds: Int64, compact: Bool) -> String {
        let (days, dayMilliseconds) = floorDivide(milliseconds, 86_400_000)
        let date = CivilDate(daysSince1970: Int(days))
        let clock = Int(dayMilliseconds)
        // Written byte by byte into its final storage: a replay formats one per negative life
        // event, and string interpolation of padded pieces cost ~30 times as much.
        let restWidth = compact ? 16 : 20 // "-MM-DDTHH:MM:SS.mmmZ" or "MMDDTHHMMSS.mmmZ"
        return String(unsafeUninitializedCapacity: ASCIIDigits.yearWidth(date.year) + restWidth) { buffer in
            var next = ASCIIDigits.putYear(date.year, into: buffer)
            func field(_ separator: UInt8, _ value: Int, width: Int, always: Bool = false) {
                if always || !compact {
                    buffer[next] = separator
                    next += 1
                }
                ASCIIDigits.put(value, width: width, at: next, into: buffer)
                next += width
            }
            field(UInt8(ascii: "-"), date.month, width: 2)
            field(UInt8(ascii: "-"), date.day, width: 2)
            field(UInt8(ascii: "T"), clock / 3_600_000, width: 2, always: true)
            field(UInt8(ascii: ":"), clock / 60_000 % 60, width: 2)
            field(UInt8(ascii: ":"), clock / 1000 % 60, width: 2)
            field(UInt8(ascii: "."), clock % 1000, width: 3, always: true)
            buffer[next] = UInt8(ascii: "Z")
            return next + 1
        }
    }

    /// Quotient and remainder rounded towards negative infinity: instants before 1970 fall on the
    /// day before, at a time of day counted forwards.
    static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = value / divisor
        let remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
