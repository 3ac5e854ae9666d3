import TapedeckCore

/// A monotonic clock measuring nanoseconds since the tape started. The core never reads a clock
/// itself: the network edge supplies one (a real monotonic clock), tests supply a manual one.
/// Record times and `TapeWriter.flushIfDue(now:)` both use this time base.
public protocol TapeClock {
    /// The time now on this clock.
    ///
    /// - Returns: Nanoseconds since the tape started; never less than an earlier call returned.
    func elapsedNanoseconds() -> UInt64
}

extension MonotonicClock: TapeClock {}
