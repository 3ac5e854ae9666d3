import TapedeckCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The wall clock of the network edge, for tape names and metadata (record times come from
/// TapedeckCore's `MonotonicClock`). The pure core never reads either; the proxy passes times in.
enum ProxyClock {
    /// Wall time now: RFC 3339 UTC with milliseconds, and a compact form for file names
    /// (`20260121T093000.123Z`, which sorts by time).
    static func wallTime() -> (rfc3339: String, compact: String) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        let milliseconds = Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
        return (RFC3339.string(milliseconds: milliseconds), RFC3339.compactString(milliseconds: milliseconds))
    }
}
