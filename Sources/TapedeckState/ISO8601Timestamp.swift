import TapedeckCore

/// Formats virtual time as the ISO 8601 UTC timestamp the app sends ("2026-01-01T00:00:05.000Z"),
/// through TapedeckCore's `RFC3339`: no Foundation, no calendar, no time zone.
public enum ISO8601Timestamp {
    /// The instant `epochMilliseconds` (milliseconds since 1970-01-01T00:00:00Z, the session's
    /// start) plus the virtual time, truncated to milliseconds.
    ///
    /// - Parameters:
    ///   - epochMilliseconds: The session's start, in milliseconds since 1970.
    ///   - time: A virtual time of the session.
    /// - Returns: The timestamp, such as `2026-01-01T00:00:05.000Z`; the largest instant when the sum overflows.
    public static func string(epochMilliseconds: Int64, plus time: VirtualTime) -> String {
        let offset = Int64(time.nanoseconds / 1_000_000)
        let (sum, overflow) = epochMilliseconds.addingReportingOverflow(offset)
        return string(millisecondsSince1970: overflow ? Int64.max : sum)
    }

    /// The instant as an ISO 8601 UTC timestamp with milliseconds.
    ///
    /// - Parameter milliseconds: The instant, in milliseconds since 1970-01-01T00:00:00Z (negative before).
    /// - Returns: The timestamp, such as `2026-01-03T02:00:00.000Z`.
    public static func string(millisecondsSince1970 milliseconds: Int64) -> String {
        RFC3339.string(milliseconds: milliseconds)
    }
}
