extension RFC3339 {
    /// Microseconds since 1970-01-01T00:00:00Z of an ISO 8601 (RFC 3339) date and time with any
    /// zone designator and precision, as HAR writers put in `startedDateTime`: `…T03:04:05Z`,
    /// `…T03:04:05.678Z`, `…T03:04:05.678901+00:00`, `…T03:04:05+01:00`, `…T03:04:05-05:30`, also
    /// `+0100` and `+01`. The `T` may be a `t` or a space and the `Z` a `z` (RFC 3339, 5.6), the
    /// fraction may follow a `.` or a `,` (ISO 8601). Digits past the microsecond are read and
    /// dropped. Nil for anything else: a date that does not exist, an offset past 23:59.
    ///
    /// - Parameter text: The date and time.
    /// - Returns: Microseconds since the epoch (UTC), or nil.
    public static func microseconds(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { microseconds(parsing: $0) }
    }

    private static func microseconds(parsing bytes: UnsafeRawBufferPointer) -> Int64? {
        guard bytes.count >= 20, [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[10]),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let date = CivilDate.parse(bytes, at: 0),
            let hour = ASCIIDigits.value(bytes, 11..<13), let minute = ASCIIDigits.value(bytes, 14..<16),
            let second = ASCIIDigits.value(bytes, 17..<19), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var micros: Int64 = 0
        if bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            var scale: Int64 = 100_000
            let first = index
            while index < bytes.count, let digit = ASCIIDigits.value(bytes, index..<index + 1) {
                micros += Int64(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > first else { return nil }
        }
        guard let offsetMinutes = zoneOffsetMinutes(bytes, from: index) else { return nil }
        let minutes = (Int64(date.daysSince1970) * 24 + Int64(hour)) * 60 + Int64(minute) - offsetMinutes
        return (minutes * 60 + Int64(second)) * 1_000_000 + micros
    }

    /// `Z` (0), `±HH:MM`, `±HHMM` or `±HH`, to the end of the text: minutes east of UTC.
    private static func zoneOffsetMinutes(_ bytes: UnsafeRawBufferPointer, from index: Int) -> Int64? {
        let rest = bytes.count - index
        guard rest >= 1 else { return nil }
        if rest == 1, bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") { return 0 }
        guard bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
            let hours = rest >= 3 ? ASCIIDigits.value(bytes, index + 1..<index + 3) : nil
        else { return nil }
        let minutes: Int?
        switch rest {
        case 3: minutes = 0
        case 5: minutes = ASCIIDigits.value(bytes, index + 3..<index + 5)
        case 6: minutes = bytes[index + 3] == UInt8(ascii: ":") ? ASCIIDigits.value(bytes, index + 4..<index + 6) : nil
        default: minutes = nil
        }
        guard let minutes, hours < 24, minutes < 60 else { return nil }
        let offset = Int64(hours * 60 + minutes)
        return bytes[index] == UInt8(ascii: "-") ? -offset : offset
    }
}
