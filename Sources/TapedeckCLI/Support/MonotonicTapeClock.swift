import TapedeckTape
import TapedeckTapeWriter

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real monotonic clock (CLOCK_MONOTONIC), started when created. Lives at the edge: the core
/// only sees the `TapeClock` protocol.
struct MonotonicTapeClock: TapeClock {
    private let start: UInt64

    init() { start = Self.now() }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    func elapsedNanoseconds() -> UInt64 { Self.now() - start }

    /// Sleeps for `nanoseconds` (returns early on a signal, which callers tolerate).
    static func sleep(nanoseconds: UInt64) {
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        nanosleep(&request, nil)
    }
}
