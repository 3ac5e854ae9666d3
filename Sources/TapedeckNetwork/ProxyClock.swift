import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clocks of the network edge: monotonic nanoseconds for record times, wall time for tape
/// names and metadata. The pure core never reads either; the proxy passes times in.
enum ProxyClock {
    static func now() -> UInt64 { NIODeadline.now().uptimeNanoseconds }

    /// Wall time now: RFC 3339 UTC with milliseconds, and a compact form for file names
    /// (`20260121T093000.123Z`, which sorts by time).
    static func wallTime() -> (rfc3339: String, compact: String) {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = spec.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let year = pad(Int(parts.tm_year) + 1900, 4)
        let month = pad(Int(parts.tm_mon) + 1, 2)
        let day = pad(Int(parts.tm_mday), 2)
        let hour = pad(Int(parts.tm_hour), 2)
        let minute = pad(Int(parts.tm_min), 2)
        let second = pad(Int(parts.tm_sec), 2)
        let millis = pad(Int(spec.tv_nsec / 1_000_000), 3)
        return (
            "\(year)-\(month)-\(day)T\(hour):\(minute):\(second).\(millis)Z",
            "\(year)\(month)\(day)T\(hour)\(minute)\(second).\(millis)Z"
        )
    }
}
