#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds since this clock was made, from CLOCK_MONOTONIC (never goes back, unaffected by
/// the user changing the time). Only the edges read it — the proxy, the in-app recorder, the
/// command line's writers and benchmarks — and pass times into the pure core. The arithmetic
/// wraps rather than traps: a clock must not be the reason a process dies. Inlinable: the recorder
/// stamps every message with it from another module.
public struct MonotonicClock: Sendable {
    @usableFromInline let start: UInt64

    /// A clock that starts now.
    @inlinable public init() { start = Self.now() }

    /// The monotonic time, for differences only: its zero is arbitrary (usually the boot).
    ///
    /// - Returns: Nanoseconds on CLOCK_MONOTONIC.
    @inlinable public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    ///
    /// - Returns: Nanoseconds since this clock was made.
    @inlinable public func elapsedNanoseconds() -> UInt64 { Self.now() &- start }

    /// Sleeps for `nanoseconds` (returns early on a signal, which callers tolerate).
    ///
    /// - Parameter nanoseconds: How long to sleep.
    public static func sleep(nanoseconds: UInt64) {
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        nanosleep(&request, nil)
    }
}
