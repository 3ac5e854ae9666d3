#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The wall clock, read in one place for the edges that stamp what they write with a date: the
/// proxy's and the flight recorder's tape headers and file names, `check`'s catalog results,
/// `import` and `scenario run`'s tapes. Record times come from `MonotonicClock`; the pure core
/// reads neither, the edges pass times in.
public enum WallClock {
    /// Milliseconds since 1970-01-01T00:00:00Z now.
    ///
    /// - Returns: The time, from CLOCK_REALTIME.
    public static func nowMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// Now as RFC 3339 UTC with milliseconds (`2026-01-21T09:30:00.123Z`).
    ///
    /// - Returns: The date and time.
    public static func nowRFC3339() -> String { RFC3339.string(milliseconds: nowMilliseconds()) }
}
