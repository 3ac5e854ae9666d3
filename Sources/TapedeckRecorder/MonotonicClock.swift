#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds since the recorder started, from CLOCK_MONOTONIC (never goes back, unaffected by
/// the user changing the time). The recorder runs in the app, at the edge: it reads the clock
/// itself, and its records' times are on this base in every segment of one run.
struct MonotonicClock: Sendable {
    private let start: UInt64

    init() { start = Self.now() }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    func elapsedNanoseconds() -> UInt64 { Self.now() &- start }
}
