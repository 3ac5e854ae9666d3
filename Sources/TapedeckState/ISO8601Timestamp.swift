import TapedeckCore

/// Formats virtual time as the ISO 8601 UTC timestamp the app sends ("2026-01-01T00:00:05.000Z"),
/// through TapedeckCore's `RFC3339`: no Foundation, no calendar, no time zone.
public enum ISO8601Timestamp {
    /// The instant `epochMilliseconds` (milliseconds since 1970-01-01T00:00:00Z, the session's
    /// start) plus the virtual time, truncated to milliseconds.
    public static func string(epochMilliseconds: Int64, plus time: VirtualTime) -> String {
        let offset = Int64(time.nanoseconds / 1_000_000)
        let (sum, overflow) = epochMilliseconds.addingReportingOverflow(offset)
        return string(millisecondsSince1970: overflow ? Int64.max : sum)
    }

    public static func string(millisecondsSince1970 milliseconds: Int64) -> String {
        RFC3339.string(milliseconds: milliseconds)
    }
}
