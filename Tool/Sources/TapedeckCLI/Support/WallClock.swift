import TapedeckCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The wall time, read only here at the edge: `check` stamps its catalog results with it, `import`
/// a tape made from a file without a creation time, `scenario run` the tapes it records.
enum WallClock {
    static func nowRFC3339() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return RFC3339.string(milliseconds: Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000)
    }
}
